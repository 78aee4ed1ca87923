import { expect, test } from "@playwright/test";
import { magicLinkIn, orderSite, waitForMail } from "./support/orders";

const shots = ".test-output/screenshots";

test("the magic link opens the order page, which follows the site to 'Votre site est prêt !'", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = "client-dash@example.re";
  await orderSite(request, { subdomain: "atelier-dash", email });
  const welcome = await waitForMail(email, /\/dashboard\//);
  const link = magicLinkIn(welcome);

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { name: "Bonjour Zoé Payet !" })).toBeVisible();
  await expect(page.getByText("Votre site est prêt !")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Terminé le \d+ \w+ \d{4} à \d{2}:\d{2}/).first()).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  const orderNumber = new URL(link).pathname.split("/").at(-1)?.slice(0, 8) as string;
  await expect(page.getByText(orderNumber)).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir mon site" })).toHaveAttribute(
    "href",
    /atelier-dash\.localhost/,
  );
  await expect(page.getByText("Vos identifiants WordPress")).toBeVisible();
  await expect(page.getByRole("button", { name: "Ajouter Koza (50 € HT)" })).toBeVisible();
  await page.screenshot({ path: `${shots}/dashboard-1280.png`, fullPage: true });

  await page.getByLabel("Oui").check();
  await page.getByLabel("Nom de domaine *").fill("atelier-dash.re");
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByText("Demande envoyée !")).toBeVisible();
  await waitForMail("contact@lagon-digital.re", /atelier-dash\.re/);
  await page.reload();
  await expect(page.getByText(/Demande reçue/)).toBeVisible();

  await orderSite(request, { subdomain: "atelier-dash-2", email });
  await page.reload();
  const switcher = page.getByRole("navigation", { name: /Vos 2 sites/ });
  await expect(switcher).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/dashboard-375.png`, fullPage: true });
  await switcher.getByRole("link", { name: /atelier-dash-2/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}\?token=/);
  await expect(page.getByText(/atelier-dash-2\.localhost/)).toBeVisible();
});

test("a wrong token shows 'Commande introuvable' with a link home", async ({ page }) => {
  await page.goto("/dashboard/00000000-0000-4000-8000-000000000000?token=faux");
  await expect(page.getByRole("heading", { name: "Commande introuvable" })).toBeVisible();
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("buying Koza later goes through the payment and back to the order page", async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = "client-koza-later@example.re";
  await orderSite(request, { subdomain: "koza-plus-tard", email });
  const link = magicLinkIn(await waitForMail(email, /\/dashboard\//));
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await page.getByRole("button", { name: "Ajouter Koza (50 € HT)" }).click();
  await expect(page).toHaveURL(/\/paiement-test\//);
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/.+token=/);
  await expect(page.getByRole("link", { name: "Remplir le questionnaire Koza" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("button", { name: "Ajouter Koza (50 € HT)" })).toHaveCount(0);
});
