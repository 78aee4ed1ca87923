import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { magicLinkIn, orderSite, waitForMail } from "./support/orders";

const shots = ".test-output/screenshots";

test("a customer fills the Koza questionnaire with real photos and gets a 5-page site", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const dir = ".test-output/koza-fixtures";
  mkdirSync(dir, { recursive: true });
  await sharp({ create: { width: 900, height: 600, channels: 3, background: "#d97706" } })
    .jpeg()
    .toFile(`${dir}/four.jpg`);
  await sharp({ create: { width: 900, height: 600, channels: 3, background: "#15803d" } })
    .png()
    .toFile(`${dir}/pains.png`);
  await sharp({ create: { width: 300, height: 300, channels: 4, background: "#7c2d12" } })
    .png()
    .toFile(`${dir}/logo.png`);

  const email = "koza-e2e@example.re";
  await orderSite(request, { subdomain: "fournil-koza", email, koza: true, company: "Le Fournil" });
  const link = magicLinkIn(await waitForMail(email, /\/dashboard\//)).replace(/^https?:\/\/[^/]+/, "");
  await page.goto(link);
  await page.getByRole("link", { name: "Remplir le questionnaire Koza" }).click();
  await expect(page).toHaveURL(/\/koza-questionnaire\?orderId=.+&token=/);

  await expect(page.getByRole("button", { name: "Précédent" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Générer mon site !" })).toHaveCount(0);
  await page.getByLabel("Type d'activité *").fill("Boulangerie artisanale");
  await page.getByLabel("Nom de l'entreprise *").fill("Le Fournil de Saint-Leu");
  await page
    .getByLabel("Description courte (2-3 phrases) *")
    .fill("Pains au levain cuits au feu de bois chaque matin");
  await page.screenshot({ path: `${shots}/koza-step1-375.png` });
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Service 1 *").fill("Pain au levain");
  await page.getByLabel("Service 2 *").fill("Gâteaux péi sur commande");
  await page.getByLabel("Service 3 *").fill("Livraison aux restaurants");
  await page.getByLabel("Ce qui vous distingue *").fill("Des farines locales et un four à bois");
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Couleur principale").fill("#b45309");
  await page.getByLabel("Style").selectOption("classic");
  await page.getByLabel("Logo (optionnel)").setInputFiles(`${dir}/logo.png`);
  await page.getByLabel(/Photos de vos réalisations/).setInputFiles([`${dir}/four.jpg`, `${dir}/pains.png`]);
  await expect(page.locator(".koza-photos li")).toHaveCount(2);
  await page.getByRole("button", { name: /Retirer.*pains/ }).click();
  await expect(page.locator(".koza-photos li")).toHaveCount(1);
  await page.getByLabel(/Photos de vos réalisations/).setInputFiles([`${dir}/pains.png`]);
  await expect(page.locator(".koza-photos li")).toHaveCount(2);
  await page.screenshot({ path: `${shots}/koza-step3-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Téléphone *").fill("0262 11 22 33");
  await page.getByLabel("E-mail *").fill("fournil@example.re");
  await page.getByLabel("Adresse complète *").fill("5 rue du Port, Saint-Leu");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByText("La génération prend environ 15 minutes.")).toBeVisible();
  await expect(page.locator(".koza-recap")).toContainText("Gâteaux péi sur commande");
  await page.screenshot({ path: `${shots}/koza-step5-1280.png`, fullPage: true });

  let alert = "";
  page.once("dialog", (d) => {
    alert = d.message();
    void d.accept();
  });
  // The alert blocks the page until it is accepted: the click must not wait for what follows.
  await page.getByRole("button", { name: "Générer mon site !" }).click({ noWaitAfter: true });
  await expect
    .poll(() => alert)
    .toBe("Koza génère votre site ! Vous recevrez un email dès que c'est prêt (~15min).");
  await expect(page).toHaveURL(/\/dashboard\//);
  await expect(page.getByText(/Koza a terminé/)).toBeVisible({ timeout: 90_000 });

  const site = await page.getByRole("link", { name: "Voir mon site" }).first().getAttribute("href");
  await page.goto(site as string);
  await expect(page.getByRole("heading", { name: /Le Fournil de Saint-Leu/ }).first()).toBeVisible();
  await expect(page.locator("img[src*='realisation-1']").first()).toBeVisible();
  await page.screenshot({ path: `${shots}/koza-site-home-1280.png`, fullPage: true });
  await page.goto(`${site}/services/`);
  await expect(page.getByText("Gâteaux péi sur commande").first()).toBeVisible();
  await page.screenshot({ path: `${shots}/koza-site-services-1280.png`, fullPage: true });
  for (const slug of ["a-propos", "realisations", "contact"]) {
    const res = await page.goto(`${site}/${slug}/`);
    expect(res?.status(), slug).toBe(200);
  }
  await expect(page.getByText("0262 11 22 33")).toBeVisible();
});
