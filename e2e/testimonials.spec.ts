// Issue 26, item 2: the home page quotes only what the agency entered in the admin, with the
// person's consent; removed there, a quote leaves the home page at once.
import { expect, test } from "./support/test";

const ADMIN = `/admin/temoignages?token=${process.env.E2E_ADMIN_TOKEN}`;
const SHOTS = ".test-output/screenshots";

test("the agency adds a testimonial in the admin, the home page shows it, and no longer once deleted", async ({
  page,
}) => {
  // A fresh install: the section is there, says why it is empty, and quotes no one.
  await page.goto("/");
  const section = page.locator("section.testimonials");
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole("heading", { name: "Ce que disent nos clients" })).toBeVisible();
  await expect(section).toContainText("Nous ne publions ici que les avis");
  await expect(section.locator("blockquote")).toHaveCount(0);

  await page.goto(ADMIN);
  await expect(page.getByRole("heading", { name: "Témoignages", level: 1 })).toBeVisible();
  await expect(page.getByText("Aucun témoignage")).toBeVisible();
  await page.getByLabel("Nom de la personne").fill("Nadia Grondin");
  await page.getByLabel("Entreprise (et ville)").fill("Fleurs du Lagon, Saint-Leu");
  await page
    .getByLabel("Témoignage (ses mots exacts)")
    .fill("Mes clients commandent leurs bouquets depuis le site, même le dimanche.");
  await page.getByLabel("Note").selectOption("4");
  await page.getByLabel("Date de son accord pour être cité").fill("2025-10-15");
  await page.getByLabel("Adresse de son site (facultatif)").fill("https://fleurs-du-lagon.example.re");
  await page.getByRole("button", { name: "Ajouter le témoignage" }).click();
  await expect(page.getByRole("status")).toContainText("Témoignage ajouté");
  await expect(page.locator(".admin-testimonial-list li")).toHaveCount(1);
  await expect(page.locator(".admin-testimonial-list li")).toContainText("accord du 15 octobre 2025");
  await page.screenshot({ path: `${SHOTS}/admin-testimonials-1280.png`, fullPage: true });

  await page.goto("/");
  await section.scrollIntoViewIfNeeded();
  const quote = section.locator(".testimonial-grid li");
  await expect(quote).toHaveCount(1);
  await expect(quote.locator("blockquote")).toContainText("commandent leurs bouquets depuis le site");
  await expect(quote).toContainText("Nadia Grondin");
  await expect(quote).toContainText("Fleurs du Lagon, Saint-Leu");
  await expect(quote.getByRole("img", { name: "Note : 4 sur 5" })).toBeVisible();
  await expect(quote.getByRole("link", { name: /Voir son site/ })).toHaveAttribute(
    "href",
    "https://fleurs-du-lagon.example.re",
  );
  await section.screenshot({ path: `${SHOTS}/home-testimonials-1280.png` });

  // The person withdraws their consent: deleted in the admin, gone from the home page.
  await page.goto(ADMIN);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Supprimer le témoignage de Nadia Grondin" }).click();
  await expect(page.getByRole("status")).toContainText("Témoignage supprimé");
  await page.goto("/");
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText("Nous ne publions ici que les avis");
  await expect(section).not.toContainText("Nadia Grondin");
});

test("an invalid testimonial is refused in French and published nowhere", async ({ page }) => {
  await page.goto(ADMIN);
  await page.getByLabel("Nom de la personne").fill("Jean Hoarau");
  await page.getByLabel("Entreprise (et ville)").fill("Garage Hoarau");
  await page.getByLabel("Témoignage (ses mots exacts)").fill("   ");
  await page.getByLabel("Date de son accord pour être cité").fill("2025-10-15");
  await page.getByRole("button", { name: "Ajouter le témoignage" }).click();
  await expect(page.getByRole("status")).toContainText("Le texte du témoignage est obligatoire.");
  expect((await (await page.request.get("/api/testimonials")).json()).testimonials).toEqual([]);
});
