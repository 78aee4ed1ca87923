// Issue 26, item 1: a tap made before the page's scripts have run is never lost. Each test holds
// the page's JavaScript (route interception) until the tap is made, then lets it through and
// checks what the tap did once the page has hydrated, as on a phone whose scripts arrive late.
// Playwright's own `test`: the project's waits for hydration after each load, which is what these
// tests hold back.
import { expect, type Page, test } from "@playwright/test";

/** Holds every script of our build until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    // Still not hydrated: the tap was made before the scripts ran.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  };
}

test("a plan chosen before the scripts have run is chosen once they do", async ({ page }) => {
  const runScripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const business = page.locator("article", { has: page.getByRole("heading", { name: "Business" }) });
  await business.getByRole("button", { name: "Choisir cette offre" }).click();
  await runScripts();
  const form = page.locator("#domain-form");
  await expect(form.getByRole("heading", { name: "Votre site Business" })).toBeVisible();
  await expect(form).toBeInViewport();
});

test("'Commencer' leads to the plans before the scripts have run", async ({ page }) => {
  const runScripts = await holdScripts(page);
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  await page.locator(".navbar-actions").getByText("Commencer", { exact: true }).click();
  await expect(page).toHaveURL(/\/#plans$/);
  await expect(page.locator("#plans")).toBeInViewport();
  await runScripts();
  await expect(page.locator("#plans")).toBeInViewport();
});

test("a FAQ question opened before the scripts have run is open once they do", async ({ page }) => {
  const runScripts = await holdScripts(page);
  await page.goto("/#faq", { waitUntil: "domcontentloaded" });
  const question = page.locator("#faq h3 button").nth(3);
  await question.click();
  await runScripts();
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#faq .faq-answer:visible")).toHaveCount(1);
  const answerId = await question.getAttribute("aria-controls");
  await expect(page.locator(`[id="${answerId}"]`)).toBeVisible();
});

test("the small-screen menu opened before the scripts have run is open once they do", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const runScripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  await runScripts();
  await expect(page.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(
    page.getByRole("navigation", { name: /principal/i }).getByRole("link", { name: "Contact" }),
  ).toBeVisible();
});

test("a contact form filled and sent before the scripts have run keeps its text and is answered", async ({
  page,
}) => {
  const runScripts = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Nom *").fill("Sandra Joseph");
  await page.getByLabel("E-mail *").fill("sandra@example.re");
  await page.getByLabel("Sujet *").fill("Un site pour mon salon");
  await page.getByLabel("Message *").fill("Bonjour, je voudrais un devis.");
  await page.getByRole("button", { name: "Envoyer" }).click();
  await runScripts();
  // The send was honoured: the form asks for the captcha, and nothing typed was lost.
  await expect(page.getByText("Veuillez valider le captcha.")).toBeVisible();
  await expect(page.getByLabel("Message *")).toHaveValue("Bonjour, je voudrais un devis.");
  const widget = page.locator("altcha-widget");
  await widget.getByText("Je ne suis pas un robot").click();
  await expect(widget.getByText(/vérifié/i)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Message envoyé avec succès ! Nous vous répondrons rapidement.")).toBeVisible();
});

test("a directory search typed before the scripts have run is applied once they do", async ({ page }) => {
  const runScripts = await holdScripts(page);
  await page.goto("/annuaire", { waitUntil: "domcontentloaded" });
  await page.getByRole("searchbox").fill("zzz introuvable");
  await runScripts();
  await expect(page.getByRole("searchbox")).toHaveValue("zzz introuvable");
  await expect(page.getByText("Aucun site trouvé avec ces critères")).toBeVisible();
});
