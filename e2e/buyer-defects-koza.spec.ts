import { mkdirSync, writeFileSync } from "node:fs";
import { magicLinkIn, orderSitesAhead, waitForMail } from "./support/orders";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

// Issue 18, items 3, 4, 5 and the order page's part of 9: Koza as a buyer meets it.
const SHOTS = ".test-output/screenshots";
const FIXTURES = ".test-output/buyer-fixtures";

/** Each journey's sites, with or without Koza. */
const SITES = {
  "koza-ecran-e2e": true,
  "sans-koza-e2e": false,
  "koza-erreurs-e2e": true,
  "koza-ensuite-e2e": false,
} as const;

test.beforeAll(async ({ request }) => {
  await orderSitesAhead(
    request,
    Object.entries(SITES).map(([subdomain, koza]) => ({
      subdomain,
      email: `${subdomain}@example.re`,
      koza,
      company: "Plomberie Grondin",
    })),
  );
});

/** A site ordered above, once live, and its order page's path with the e-mailed token. */
async function liveOrder(request: APIRequestContext, subdomain: keyof typeof SITES) {
  const email = `${subdomain}@example.re`;
  const link = new URL(magicLinkIn(await waitForMail(email, /\/dashboard\//)));
  const orderId = link.pathname.split("/").at(-1) as string;
  const token = link.searchParams.get("token") as string;
  await expect
    .poll(async () => (await (await request.get(`/api/order/${orderId}?token=${token}`)).json()).status, {
      timeout: 120_000,
    })
    .toBe("active");
  return {
    orderId,
    token,
    dashboard: `${link.pathname}${link.search}`,
    questionnaire: `/koza-questionnaire?orderId=${orderId}&token=${token}`,
  };
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/buyer-${name}-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

const wizardStep = (page: Page) => page.getByRole("heading", { level: 2, name: /^Étape \d sur 5/ });

test("3. the questionnaire shows at once: access refused, buy Koza, or already generated", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const withKoza = await liveOrder(request, "koza-ecran-e2e");
  const without = await liveOrder(request, "sans-koza-e2e");

  // A wrong token, or none: refused at once, no form.
  for (const target of [
    `/koza-questionnaire?orderId=${withKoza.orderId}&token=faux-jeton`,
    `/koza-questionnaire?orderId=00000000-0000-4000-8000-000000000000&token=${withKoza.token}`,
  ]) {
    await page.goto(target);
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    await expect(wizardStep(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Recevoir un nouveau lien" })).toHaveAttribute(
      "href",
      "/espace-client",
    );
  }
  await shoot(page, "koza-refused");

  // An order without Koza: the offer to buy it, which goes to the payment.
  await page.goto(without.questionnaire);
  await expect(
    page.getByRole("heading", { name: "Koza n'est pas inclus dans cette commande" }),
  ).toBeVisible();
  await expect(wizardStep(page)).toHaveCount(0);
  await shoot(page, "koza-buy");
  await page.getByRole("button", { name: "Ajouter Koza (50 € HT)" }).click();
  await expect(page).toHaveURL(/\/paiement-test\//);

  // Once generated, the questionnaire says so and leads to the site and the order page.
  const answers = {
    businessType: "Plombier",
    businessName: "Plomberie Grondin",
    businessDescription: "Dépannage et installation sanitaire dans le Sud.",
    services: ["Dépannage", "Chauffe-eau solaire", "Salle de bains"],
    uniqueValue: "Intervention en 2 heures",
    contactInfo: {
      phone: "0262 00 00 00",
      email: "contact@grondin.re",
      address: "1 rue des Lilas, 97410 Saint-Pierre",
    },
  };
  const generated = await request.post("/api/koza/generate-site", {
    // The order and its token travel in the address: the server checks them before the body.
    params: { order_id: withKoza.orderId, token: withKoza.token },
    multipart: { order_id: withKoza.orderId, token: withKoza.token, koza_data: JSON.stringify(answers) },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  await page.goto(withKoza.questionnaire);
  await expect(page.getByRole("heading", { name: "Koza génère votre site" })).toBeVisible();
  await expect(wizardStep(page)).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/order/${withKoza.orderId}?token=${withKoza.token}`)).json())
          .koza_status,
      { timeout: 180_000 },
    )
    .toBe("completed");
  await page.goto(withKoza.questionnaire);
  await expect(page.getByRole("heading", { name: "Votre site a déjà été généré" })).toBeVisible();
  await expect(wizardStep(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voir mon site" })).toHaveAttribute(
    "href",
    /^http:\/\/koza-ecran-e2e\.localhost:\d+/,
  );
  await expect(page.getByRole("link", { name: "Retour à mon espace client" })).toHaveAttribute(
    "href",
    withKoza.dashboard,
  );
  await shoot(page, "koza-done");
  // The server refuses a second generation as well.
  const again = await request.post("/api/koza/generate-site", {
    // The order and its token travel in the address: the server checks them before the body.
    params: { order_id: withKoza.orderId, token: withKoza.token },
    multipart: { order_id: withKoza.orderId, token: withKoza.token, koza_data: JSON.stringify(answers) },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).detail).toBe("Votre site a déjà été généré par Koza.");
});

test("4. questionnaire errors are listed together, each leading to its step and field; 9. a wrong file gets the right reason", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const order = await liveOrder(request, "koza-erreurs-e2e");
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(order.questionnaire);
  await expect(wizardStep(page)).toHaveText(/Votre activité/);
  // A disabled button looks disabled.
  const previous = page.getByRole("button", { name: "Précédent" });
  await expect(previous).toBeDisabled();
  expect(await previous.evaluate((b) => getComputedStyle(b).cursor)).toBe("not-allowed");
  expect(Number(await previous.evaluate((b) => getComputedStyle(b).opacity))).toBeLessThan(0.7);

  await page.getByRole("textbox", { name: "Nom de l'entreprise" }).fill("Plomberie Grondin");
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByRole("textbox", { name: "Service 1" }).fill("Dépannage");
  await page.getByRole("button", { name: "Suivant" }).click();

  // A file that is not an image is refused for that reason, not for the count.
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(`${FIXTURES}/devis.pdf`, "%PDF-1.4 pas une image");
  await page.getByLabel("Photos de vos réalisations (optionnel)").setInputFiles(`${FIXTURES}/devis.pdf`);
  await expect(
    page.getByText("« devis.pdf » n'est pas une image JPEG, PNG ou WebP : fichier non ajouté."),
  ).toBeVisible();
  await expect(page.getByText(/au maximum/)).toHaveCount(0);
  await page.getByLabel("Logo (optionnel)").setInputFiles(`${FIXTURES}/devis.pdf`);
  await expect(
    page.getByText("« devis.pdf » n'est pas une image JPEG, PNG ou WebP : logo non ajouté."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByRole("textbox", { name: "E-mail" }).fill("pas-une-adresse");
  await page.getByRole("button", { name: "Suivant" }).click();

  // Step 5: every missing answer at once, each a link to its field.
  const errors = page.getByRole("region", { name: /champs à compléter/ });
  await expect(errors).toBeVisible();
  const links = errors.getByRole("link");
  await expect(links).toHaveText([
    "Type d'activité (étape 1)",
    "Description courte (2-3 phrases) (étape 1)",
    "Service 2 (étape 2)",
    "Service 3 (étape 2)",
    "Ce qui vous distingue (étape 2)",
    "Téléphone (étape 4)",
    "E-mail : adresse invalide (étape 4)",
    "Adresse complète (étape 4)",
  ]);
  await shoot(page, "koza-errors");
  await page.getByRole("button", { name: "Générer mon site !" }).click();
  await expect(errors).toBeFocused();
  expect(dialogs).toEqual([]);

  await links.filter({ hasText: "Service 3" }).click();
  await expect(wizardStep(page)).toHaveText(/Vos services/);
  await expect(page.getByRole("textbox", { name: "Service 3" })).toBeFocused();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByRole("button", { name: "Suivant" }).click();
  await errors.getByRole("link", { name: /^E-mail/ }).click();
  await expect(wizardStep(page)).toHaveText(/Informations contact/);
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeFocused();
  expect(dialogs).toEqual([]);
});

test("5. after paying Koza from the order page the buyer is told so and pointed to the questionnaire; 9. its button fits a phone", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const order = await liveOrder(request, "koza-ensuite-e2e");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(order.dashboard);

  // While the payment opens, the button is disabled and looks it.
  const buy = page.getByRole("button", { name: "Ajouter Koza (50 € HT)" });
  let release = () => {};
  await page.route("**/add-koza", async (route) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await route.continue();
  });
  await buy.click();
  await expect(buy).toBeDisabled();
  expect(await buy.evaluate((b) => getComputedStyle(b).cursor)).toBe("not-allowed");
  expect(Number(await buy.evaluate((b) => getComputedStyle(b).opacity))).toBeLessThan(0.7);
  release();

  // Cancelled: said so, nothing bought.
  await expect(page).toHaveURL(/\/paiement-test\//);
  await page.unroute("**/add-koza");
  await page.getByRole("link", { name: "Annuler et revenir au site" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Paiement annulé" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ajouter Koza (50 € HT)" })).toBeVisible();

  await page.getByRole("button", { name: "Ajouter Koza (50 € HT)" }).click();
  await expect(page).toHaveURL(/\/paiement-test\//);
  await page.getByRole("button", { name: /^Payer/ }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "Koza est ajouté à votre site" });
  await expect(confirmation).toBeVisible({ timeout: 30_000 });
  await expect(confirmation).toBeInViewport();
  await expect(page).not.toHaveURL(/koza=/);
  const fill = confirmation.getByRole("link", { name: "Remplir le questionnaire Koza" });
  await expect(fill).toHaveAttribute("href", order.questionnaire);
  await page.screenshot({ path: `${SHOTS}/buyer-koza-paid-375.png` });

  // On a phone, the questionnaire buttons stay inside their cards.
  for (const button of await page.locator(".dashboard-card .button").all()) {
    const card = button.locator("xpath=ancestor::*[contains(@class,'dashboard-card')][1]");
    const [b, c] = [await button.boundingBox(), await card.boundingBox()];
    expect(b && c && b.x >= c.x && b.x + b.width <= c.x + c.width, await button.textContent()).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirmation.evaluate((n) => n.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/buyer-koza-paid-1280.png` });
  await fill.click();
  await expect(wizardStep(page)).toHaveText(/Votre activité/);
});
