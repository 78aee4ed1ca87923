import { expect, type Page } from "@playwright/test";
import { magicLinkIn, waitForMail } from "./orders";

/** The WordPress credentials the order page shows (the password revealed with "Afficher"). */
export async function wordpressCredentials(page: Page, dashboardPath: string) {
  await page.goto(dashboardPath);
  const credentials = page.getByRole("region", { name: "Vos identifiants WordPress" });
  await credentials.getByRole("button", { name: "Afficher" }).click();
  const adminUrl = (await credentials
    .getByRole("link", { name: /\/wp-admin\/$/ })
    .getAttribute("href")) as string;
  const password = (await page.getByTestId("wp-password").textContent()) as string;
  const user = (await credentials.getByText(/^admin-/).textContent()) as string;
  return { adminUrl, user: user.trim(), password };
}

/** Logs in to the site's wp-admin, in French, and lands on its dashboard. */
export async function logInToWordPress(
  page: Page,
  creds: { adminUrl: string; user: string; password: string },
) {
  await page.goto(creds.adminUrl);
  await page.getByLabel("Identifiant ou adresse e-mail").fill(creds.user);
  await page.getByLabel("Mot de passe", { exact: true }).fill(creds.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
}

/** As a customer would: Réglages > Lecture, another page as the home page. */
export async function chooseHomePage(page: Page, adminUrl: string, title: string) {
  await page.goto(`${adminUrl}options-reading.php`);
  await page.locator("#page_on_front").selectOption({ label: title });
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Réglages enregistrés.")).toBeVisible();
}

/** The owner of a new site (by their welcome e-mail) logs in and picks "Contact" as their home page. */
export async function ownerPicksHomePage(page: Page, email: string) {
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  const creds = await wordpressCredentials(page, `${link.pathname}${link.search}`);
  await logInToWordPress(page, creds);
  await chooseHomePage(page, creds.adminUrl, "Contact");
}
