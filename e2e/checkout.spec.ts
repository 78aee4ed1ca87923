import { magicLinkIn, tokenOf, waitForMail } from "./support/orders";
import { expect, type Page, test } from "./support/test";
import { fillWordPressLogin } from "./support/wordpress";

const shots = ".test-output/screenshots";

async function fillOrder(page: Page, subdomain: string) {
  await page.goto("/");
  await page.getByRole("button", { name: "Choisir cette offre" }).nth(1).click();
  const form = page.locator("#domain-form");
  await expect(form).toBeVisible();
  await expect(form).toBeInViewport();
  await form.getByLabel("Sous-domaine *").fill(subdomain);
  if (subdomain.length >= 3) {
    await expect(
      form.getByText(`Votre site sera accessible à l'adresse ${subdomain}.localhost`),
    ).toBeVisible();
  }
  await form.getByLabel("Nom complet *").fill("Zoé Payet");
  await form.getByLabel("Courriel *").fill(`${subdomain}@example.re`);
  await form.getByLabel("Entreprise (optionnel)").fill("Boulangerie Payet");
  await form.getByLabel("Ville").fill("Saint-Paul");
  await form.getByLabel(/Je demande la création de mon site dès le paiement/).check();
  return form;
}

test("a visitor orders a Business site with a coupon and Koza, pays, and logs in to the new WordPress", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await expect(page.locator("#domain-form")).toHaveCount(0);
  const form = await fillOrder(page, "boulangerie-e2e");
  await page.screenshot({ path: `${shots}/checkout-1-form.png`, fullPage: true });

  const coupon = form.getByLabel("Code de réduction (optionnel)");
  await coupon.fill("bienvenue10");
  await expect(coupon).toHaveValue("BIENVENUE10");
  await expect(form.getByText("Réduction de 10% appliquée !")).toBeVisible();
  await form.getByLabel(/Ajouter Koza/).check();
  await expect(page.locator(".order-summary")).toContainText("Réduction (10 %)");
  await expect(page.locator(".order-summary")).toContainText("Koza");
  await page.screenshot({ path: `${shots}/checkout-2-options.png`, fullPage: true });

  await form.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/paiement-test\/cs_local_/);
  await expect(page.getByText(/Paiement de test/)).toBeVisible();
  await expect(page.getByText("Réduction Code BIENVENUE10 (−10 %)")).toBeVisible();
  await page.screenshot({ path: `${shots}/checkout-3-test-payment.png`, fullPage: true });
  await page.getByRole("button", { name: /^Payer/ }).click();

  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(page.getByText("Identifiant de paiement")).toBeVisible();
  await expect(page.getByText("Email envoyé !")).toBeVisible({ timeout: 90_000 });
  await page.screenshot({ path: `${shots}/checkout-4-success.png`, fullPage: true });

  const credentials = page.locator(".success-credentials");
  const adminUrl = await credentials.getByRole("link").first().getAttribute("href");
  const user = await credentials.locator("dd code").nth(0).textContent();
  const password = await credentials.locator("dd code").nth(1).textContent();
  expect(adminUrl).toMatch(/^http:\/\/boulangerie-e2e\.localhost:\d+\/wp-admin\/$/);
  const dashboardLink = credentials.getByRole("link", { name: "Accéder à mon espace client" });
  await expect(dashboardLink).toHaveAttribute("href", /^\/dashboard\/[0-9a-f-]{36}\?token=/);
  // The page shows its own token, which opens this order only: the e-mailed link carries another.
  const mailed = magicLinkIn(await waitForMail("boulangerie-e2e@example.re", /Administration WordPress/));
  expect(tokenOf((await dashboardLink.getAttribute("href")) as string)).not.toBe(tokenOf(mailed));

  await page.goto(adminUrl as string);
  await fillWordPressLogin(page, user ?? "", password ?? "");
  await page.locator("#wp-submit").click();
  await expect(page).toHaveURL(/wp-admin\/?$/);
  await expect(page.locator("#wpadminbar")).toBeVisible();
  await page.screenshot({ path: `${shots}/checkout-5-wp-admin.png` });
});

test("the form checks the plan, the required fields and the subdomain format", async ({ page }) => {
  const alerts: string[] = [];
  page.on("dialog", (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  const form = await fillOrder(page, "ab");
  await expect(form.getByText("Format invalide (lettres, chiffres et tirets uniquement)")).toBeVisible();
  await form.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await form.getByLabel("Sous-domaine *").fill("");
  await form.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await form.getByLabel("Sous-domaine *").fill("verification-e2e");
  await form.getByLabel(/Je demande la création de mon site dès le paiement/).uncheck();
  await form.getByRole("button", { name: "Continuer vers le paiement" }).click();
  expect(alerts).toEqual([
    "Format de domaine invalide.",
    "Veuillez remplir tous les champs obligatoires (nom, domaine et courriel).",
    "Cochez la demande de création immédiate de votre site pour continuer : il est créé dès le paiement.",
  ]);
  await form.getByLabel("Sous-domaine *").fill("admin");
  await expect(form.getByText(/réservé/)).toBeVisible();
  await form.getByLabel("Code de réduction (optionnel)").fill("expire50");
  await expect(form.getByText("Ce code a expiré.")).toBeVisible();
});

test("cancelling on the test checkout returns to the page the visitor came from", async ({ page }) => {
  const form = await fillOrder(page, "annulation-e2e");
  await form.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/paiement-test\//);
  await page.getByRole("link", { name: "Annuler et revenir au site" }).click();
  // The same page, at the order form (its return mark taken off the address once read).
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/#domain-form$/);
  await expect(page.getByRole("status").filter({ hasText: "Paiement annulé" })).toBeVisible();
});

test("a payment failure shows the French alert and re-enables the button", async ({ page }) => {
  const form = await fillOrder(page, "panne-e2e");
  await page.route("**/api/stripe/create-checkout-session", (route) =>
    route.fulfill({
      status: 502,
      contentType: "application/json",
      body: JSON.stringify({ detail: "Stripe indisponible" }),
    }),
  );
  let alert = "";
  page.once("dialog", (d) => {
    alert = d.message();
    void d.dismiss();
  });
  // The alert blocks the page until dismissed: the click must not wait for what follows it.
  await form.getByRole("button", { name: "Continuer vers le paiement" }).click({ noWaitAfter: true });
  await expect.poll(() => alert).toBe("Erreur lors de la redirection vers le paiement: Stripe indisponible");
  await expect(form.getByRole("button", { name: "Continuer vers le paiement" })).toBeEnabled();
});
