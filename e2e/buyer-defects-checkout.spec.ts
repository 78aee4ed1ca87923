import { expect, type Page, test } from "./support/test";

// Issue 18, items 1, 2, 6 and 8: what a new buyer meets on the way to payment and back.
const SHOTS = ".test-output/screenshots";
const PAY = "Continuer vers le paiement";

async function chooseBusiness(page: Page) {
  await page.getByRole("button", { name: "Choisir cette offre" }).nth(1).click();
  const form = page.locator("#domain-form");
  await expect(form).toBeVisible();
  return form;
}

async function fillForm(page: Page, subdomain: string) {
  await page.goto("/");
  const form = await chooseBusiness(page);
  await form.getByLabel("Sous-domaine *").fill(subdomain);
  await form.getByLabel("Nom complet *").fill("Zoé Payet");
  await form.getByLabel("Courriel *").fill(`${subdomain}@example.re`);
  await form.getByLabel("Entreprise (optionnel)").fill("Boulangerie Payet");
  await form.getByLabel("Ville").fill("Saint-Paul");
  await form.getByLabel(/N° de TVA intracommunautaire/).fill("FR40123456789");
  await form.getByLabel("Code de réduction (optionnel)").fill("bienvenue10");
  await expect(form.getByText("Réduction de 10% appliquée !")).toBeVisible();
  await form.getByLabel(/Ajouter Koza/).check();
  await form.getByLabel(/Je demande la création de mon site dès le paiement/).check();
  await expect(form.getByText(`Votre site sera accessible à l'adresse ${subdomain}.localhost`)).toBeVisible();
  return form;
}

test("1. a cancelled payment brings the form back filled, with a message; the buyer's own hold never blocks them", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const form = await fillForm(page, "retour-e2e");
  await form.getByRole("button", { name: PAY }).click();
  await expect(page).toHaveURL(/\/paiement-test\/cs_local_/);
  const firstCheckout = page.url();
  await page.getByRole("link", { name: "Annuler et revenir au site" }).click();

  // Back on the page they came from: a short message, everything they typed, the form in view.
  const notice = page.getByRole("status").filter({ hasText: "Paiement annulé" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("aucun montant n'a été débité");
  await expect(form.getByLabel("Sous-domaine *")).toHaveValue("retour-e2e");
  await expect(form.getByLabel("Nom complet *")).toHaveValue("Zoé Payet");
  await expect(form.getByLabel("Courriel *")).toHaveValue("retour-e2e@example.re");
  await expect(form.getByLabel("Entreprise (optionnel)")).toHaveValue("Boulangerie Payet");
  await expect(form.getByLabel("Code de réduction (optionnel)")).toHaveValue("BIENVENUE10");
  await expect(form.getByLabel(/Ajouter Koza/)).toBeChecked();
  await expect(form.getByLabel(/N° de TVA intracommunautaire/)).toHaveValue("FR40123456789");
  await expect(form.getByLabel(/Je demande la création de mon site dès le paiement/)).toBeChecked();
  await expect(page.locator(".order-summary")).toContainText("Réduction (10 %)");
  await expect(page.locator(".order-summary")).toContainText("Koza");
  // Their own checkout holds the subdomain: for them it is available, even typed again.
  await expect(form.getByText("Votre site sera accessible à l'adresse retour-e2e.localhost")).toBeVisible();
  await form.getByLabel("Sous-domaine *").fill("");
  await form.getByLabel("Sous-domaine *").fill("retour-e2e");
  await expect(form.getByText("Votre site sera accessible à l'adresse retour-e2e.localhost")).toBeVisible();
  await expect(form.getByText(/en cours de réservation/)).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await notice.evaluate((n) => n.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/buyer-cancelled-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await notice.evaluate((n) => n.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/buyer-cancelled-1280.png` });

  // For anyone else, it stays held.
  const other = await browser.newContext();
  const otherAnswer = await (
    await other.request.get(`${new URL(page.url()).origin}/api/subdomain-availability/retour-e2e`)
  ).json();
  expect(otherAnswer).toEqual({ available: false, detail: expect.stringMatching(/en cours de réservation/) });
  await other.close();

  // Their open checkout is still payable: they can resume it as it was.
  await notice.getByRole("link", { name: "Reprendre le paiement" }).click();
  await expect(page).toHaveURL(firstCheckout);
  await expect(page.getByText("Réduction Code BIENVENUE10 (−10 %)")).toBeVisible();
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(page.getByText("Identifiant de paiement")).toBeVisible();
});

test("1. after a cancel the buyer may change the order and pay it: the new checkout replaces their own", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const form = await fillForm(page, "retour-bis-e2e");
  await form.getByRole("button", { name: PAY }).click();
  await expect(page).toHaveURL(/\/paiement-test\//);
  await page.getByRole("link", { name: "Annuler et revenir au site" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Paiement annulé" })).toBeVisible();
  await form.getByLabel(/Ajouter Koza/).uncheck();
  await form.getByRole("button", { name: PAY }).click();
  await expect(page).toHaveURL(/\/paiement-test\//);
  // The order itself (the chat's greeting, outside it, names Koza too).
  await expect(page.getByRole("main")).not.toContainText("Koza");
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
});

test("2. 'Ajouter Koza à ma commande' ticks the Koza option once a plan is chosen, or at once if one is", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Ajouter Koza à ma commande" }).click();
  await expect(page.locator("#plans")).toBeInViewport();
  let form = await chooseBusiness(page);
  await expect(form.getByLabel(/Ajouter Koza/)).toBeChecked();
  await expect(page.locator(".order-summary")).toContainText("Koza");

  // A plan already chosen, Koza unticked: the promo ticks it and shows the form.
  await page.goto("/");
  form = await chooseBusiness(page);
  await expect(form.getByLabel(/Ajouter Koza/)).not.toBeChecked();
  await page.getByRole("link", { name: "Ajouter Koza à ma commande" }).click();
  await expect(form.getByLabel(/Ajouter Koza/)).toBeChecked();
  await expect(form.getByLabel(/Ajouter Koza/)).toBeInViewport();
});

test("6. /success without a session, or with an unknown one, says so in French and offers the lost-link page", async ({
  page,
}) => {
  for (const target of ["/success", "/success?session_id=cs_local_inconnue"]) {
    await page.goto(target);
    const alert = page.getByRole("alert");
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(target === "/success" ? "Lien de suivi incomplet" : "introuvable");
    await expect(page.getByText("En cours")).toHaveCount(0);
    await expect(page.getByText("Vérifiez votre boîte mail")).toHaveCount(0);
    await alert.getByRole("link", { name: "Recevoir un nouveau lien" }).click();
    await expect(page).toHaveURL(/\/espace-client$/);
  }
});

test("8. on a phone the order total comes before 'Continuer vers le paiement'", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const form = await chooseBusiness(page);
  await form.getByLabel(/Ajouter Koza/).check();
  const total = page.locator(".order-summary").getByText("Total mensuel TTC");
  const button = form.getByRole("button", { name: PAY });
  await button.scrollIntoViewIfNeeded();
  const [totalBox, buttonBox] = [await total.boundingBox(), await button.boundingBox()];
  await page.locator(".order-summary").evaluate((n) => n.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/buyer-total-375.png` });
  expect(totalBox && buttonBox && totalBox.y < buttonBox.y).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.setViewportSize({ width: 1280, height: 900 });
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/buyer-total-1280.png` });
  // On a desktop the summary stays beside the form, in view.
  await expect(page.locator(".order-summary")).toBeInViewport();
});
