import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { ADMIN_TOKEN, magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, type Page, test } from "./support/test";

const SHOTS = ".test-output/screenshots";
const ANSWERS = {
  businessType: "Boulangerie artisanale",
  businessName: "Boulangerie Payet",
  businessDescription:
    "Pains au levain et viennoiseries faits maison chaque matin. Tout est pétri sur place.",
  targetAudience: "les familles et les gourmands de l'Ouest",
  services: ["Pain au levain", "Gâteaux sur commande", "Livraison aux restaurants"],
  uniqueValue: "Des farines locales et une cuisson au feu de bois",
  contactInfo: {
    phone: "0262 00 00 00",
    email: "contact@payet.re",
    address: "3 rue des Flamboyants, 97460 Saint-Paul",
    hours: "Du mardi au dimanche, 6h-19h",
  },
  colors: { primary: "#c2410c", secondary: "#1e3a5f" },
  style: "classic",
  additionalPages: [],
};

/** The admin's card of one order, found with the search box. */
async function adminCard(page: Page, subdomain: string) {
  await page.goto(`/admin?token=${ADMIN_TOKEN}`);
  await page.getByPlaceholder("E-mail, nom ou sous-domaine").fill(subdomain);
  const card = page.getByRole("article").filter({ hasText: `${subdomain}.localhost` });
  await expect(card).toHaveCount(1);
  return card;
}

test("the agency reinstalls a Koza site: a backup first, the answers kept, 'Régénérer', and the admin's backups", async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  mkdirSync(SHOTS, { recursive: true });
  const email = "koza-reinstall@example.re";
  const subdomain = "fournil-reinstall";
  await orderSite(request, { subdomain, email, koza: true, company: "Le Fournil" });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  const dashboard = `${link.pathname}${link.search}`;
  const orderId = link.pathname.split("/").at(-1) as string;
  const token = link.searchParams.get("token") as string;

  // Koza writes the site from the questionnaire (sent as the wizard sends it).
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#d97706" } })
    .jpeg()
    .toBuffer();
  const submitted = await request.post("/api/koza/generate-site", {
    // The order and its token travel in the address: the server checks them before the body.
    params: { order_id: orderId, token },
    multipart: {
      order_id: orderId,
      token,
      koza_data: JSON.stringify(ANSWERS),
      photo_0: { name: "four.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await page.goto(dashboard);
  const koza = page.getByRole("region", { name: "Koza, votre agent IA" });
  await expect(koza.getByText("Koza a terminé")).toBeVisible({ timeout: 180_000 });
  const siteUrl = await koza.getByRole("link", { name: "Voir mon site" }).getAttribute("href");

  // The admin reinstalls: the confirmation says a backup is taken first and the answers are kept.
  const card = await adminCard(page, subdomain);
  let confirmation = "";
  page.once("dialog", (dialog) => {
    confirmation = dialog.message();
    void dialog.accept();
  });
  await card.getByRole("button", { name: "Réinstaller WordPress" }).click();
  await expect(page.getByText("WordPress réinstallé avec succès !")).toBeVisible({ timeout: 240_000 });
  expect(confirmation).toContain(
    "Une sauvegarde complète du site est faite d'abord (« Avant réinstallation »)",
  );
  expect(confirmation).toContain("les réponses du questionnaire sont conservées");
  await expect(card).toContainText("Koza (réponses gardées, à régénérer)");
  await page.screenshot({ path: `${SHOTS}/reinstall-admin-done-1280.png`, fullPage: true });

  // The customer finds the old site in the backups and Koza offers 'Régénérer'.
  await page.goto(dashboard);
  await expect(
    koza.getByText("Vos réponses au questionnaire Koza et vos images sont conservées"),
  ).toBeVisible();
  const backups = page.getByRole("region", { name: "Sauvegardes de votre site" });
  await expect(backups.getByText(/Avant réinstallation · \d/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reinstall-dashboard-regenerate-1280.png`, fullPage: true });
  await page.goto(siteUrl as string);
  await expect(page).not.toHaveTitle(/Boulangerie Payet/);

  await page.goto(dashboard);
  await koza.getByRole("button", { name: "Régénérer" }).click();
  await expect(koza.getByText("Koza a terminé")).toBeVisible({ timeout: 180_000 });
  await page.goto(siteUrl as string);
  await expect(page).toHaveTitle(/Boulangerie Payet/);

  // The admin backs the site up now, downloads it, and restores the backup taken before the reinstall.
  const again = await adminCard(page, subdomain);
  await again.getByRole("button", { name: "Sauvegarder maintenant" }).click();
  await expect(page.getByText(`Sauvegarde de ${subdomain} terminée.`)).toBeVisible({ timeout: 120_000 });
  await again.getByRole("button", { name: "Sauvegardes" }).click();
  const dialog = page.getByRole("dialog", { name: /Sauvegardes du site/ });
  await expect(dialog.getByText(/Sauvegarde manuelle ·/)).toBeVisible();
  await expect(dialog.getByText(/Avant réinstallation ·/)).toBeVisible();

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Télécharger le site actuel (.tar.gz)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${subdomain}-\\d{12}\\.tar\\.gz$`));
  const file = `.test-output/${download.suggestedFilename()}`;
  await download.saveAs(file);
  const listing = execFileSync("tar", ["-tzf", file], { encoding: "utf8" });
  expect(listing).toContain("./wp-config.php");
  expect(listing).toContain("./wp-content/database/.ht.sqlite");

  const row = dialog.getByRole("listitem").filter({ hasText: "Avant réinstallation" });
  page.once("dialog", (d) => {
    expect(d.message()).toContain("sera perdu");
    void d.accept();
  });
  await row.getByRole("button", { name: "Restaurer" }).click();
  await expect(dialog.getByText(/^Site restauré tel qu'il était le /)).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByText(/Avant restauration ·/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reinstall-admin-backups-1280.png`, fullPage: true });
});
