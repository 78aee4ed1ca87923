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

/**
 * Fills WordPress's login form. The page focuses and selects the user name field 200 ms after it
 * loads: typing before that could land the password in the user name field, so the form is
 * filled once the page has done so (always: a fresh login form focuses it), and checked.
 */
export async function fillWordPressLogin(page: Page, user: string, password: string) {
  await expect(page.locator("#user_login")).toBeFocused();
  await page.locator("#user_login").fill(user);
  await page.locator("#user_pass").fill(password);
  await expect(page.locator("#user_login")).toHaveValue(user);
  await expect(page.locator("#user_pass")).toHaveValue(password);
}

/** Logs in to the site's wp-admin, in French, and lands on its dashboard. */
export async function logInToWordPress(
  page: Page,
  creds: { adminUrl: string; user: string; password: string },
) {
  await page.goto(creds.adminUrl);
  await fillWordPressLogin(page, creds.user, creds.password);
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
