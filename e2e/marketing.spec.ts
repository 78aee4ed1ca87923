import { PUBLIC_PAGES } from "@lagon/contracts/public-pages";
import { expect, type Page, test } from "./support/test";

/** The marketing pages, photographed at both widths for a human look. */
const OWN_PAGES: [string, string][] = [
  ["/", "home"],
  ["/services", "services"],
  ["/about", "about"],
  ["/legal", "legal"],
];

const faqQuestions = (page: Page) =>
  page.locator("#faq").getByRole("heading", { level: 3 }).getByRole("button");
const openAnswers = (page: Page) => page.locator("#faq .faq-answer:visible");

async function scrollToTop(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(page.locator("#plans")).not.toBeInViewport();
}

test("the home page shows every section of the spec, in order", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Votre site professionnel en ligne en moins de 10 minutes",
  );
  await expect(page.locator(".hero-badges li")).toHaveText([
    "Hébergement en France",
    "SSL inclus",
    "Support local à La Réunion",
  ]);
  await expect(page.getByRole("heading", { name: "Koza écrit votre site à votre place" })).toBeVisible();
  await expect(page.getByText("50 € HT", { exact: true })).toBeVisible();
  await expect(page.locator("#plans article")).toHaveCount(3);
  await expect(page.getByText("Prix hors taxes - TVA 8,5% applicable")).toBeVisible();
  await expect(page.locator(".how-steps h3")).toHaveText([
    "Choisissez une offre",
    "Saisissez votre domaine",
    "Payez en ligne",
    "Votre site est prêt",
  ]);
  const headings = await page.locator("main h2").allTextContents();
  const order = [
    "Koza écrit votre site à votre place",
    "Nos offres",
    "Comment ça marche",
    "Sécurité et sérénité",
    "Ils sont en ligne",
    "Questions fréquentes",
    "Ce que disent nos clients",
    "Prêt à être visible en ligne ?",
  ];
  expect(headings.map((h) => h.replace(/\u00a0/g, " ")).filter((h) => order.includes(h))).toEqual(order);
  // The showcase follows the directory, the testimonials the admin: buyer-defects-content.spec.ts.
});

test("every call to action of the home page scrolls to the plans", async ({ page }) => {
  await page.goto("/");
  for (const name of [
    "Créer mon site",
    "Voir les offres",
    "Ajouter Koza à ma commande",
    "Choisir mon offre",
  ]) {
    await scrollToTop(page);
    await page.getByRole("link", { name, exact: true }).first().click();
    await expect(page.locator("#plans"), name).toBeInViewport();
    await expect(page).toHaveURL(/\/$/);
  }
});

test("a call to action on another page goes home, to the plans", async ({ page }) => {
  await page.goto("/services");
  await page.getByRole("link", { name: "Voir les offres" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#plans")).toBeInViewport();
});

test("the FAQ has 16 entries, one open at a time", async ({ page }) => {
  await page.goto("/#faq");
  const questions = faqQuestions(page);
  await expect(questions).toHaveCount(16);
  await expect(openAnswers(page)).toHaveCount(1);
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");

  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(openAnswers(page)).toHaveCount(1);
  const controlled = await questions.nth(3).getAttribute("aria-controls");
  await expect(page.locator(`[id="${controlled}"]`)).toContainText("Starter (20 €/mois)");

  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "false");
  await expect(openAnswers(page)).toHaveCount(0);
});

test("the FAQ works with the keyboard alone", async ({ page }) => {
  await page.goto("/#faq");
  const questions = faqQuestions(page);
  await questions.nth(0).focus();
  await page.keyboard.press("ArrowDown");
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(questions.nth(15)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(questions.nth(0)).toBeFocused();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowUp");
  await expect(questions.nth(15)).toBeFocused();

  await questions.nth(6).focus();
  await page.keyboard.press("Enter");
  await expect(questions.nth(6)).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/à partir de 15 € par an \(\.com, \.fr, \.re\)/)).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect(questions.nth(7)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(6)).toHaveAttribute("aria-expanded", "false");
  await expect(openAnswers(page)).toHaveCount(1);
});

test("the FAQ states the business terms a customer looks for", async ({ page }) => {
  await page.goto("/#faq");
  const faq = page.locator("#faq");
  for (const text of [
    /préavis de 30 jours/,
    /TVA de 8,5 %/,
    /50 € HT, une seule fois/,
    /dizaine de questions, en 15 minutes environ/,
    /Relier un domaine que vous possédez déjà est gratuit/,
    /24 à 48 h/,
    /formation gratuite de 30 minutes en visioconférence/,
    /du lundi au vendredi de 8h à 18h et le samedi de 9h à 12h, heure de La Réunion \(UTC\+4\)/,
    /fermé le dimanche/,
    /sauvegardes quotidiennes/,
  ]) {
    await expect(faq.getByText(text), String(text)).toHaveCount(1);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the prerendered home page is readable, FAQ answers included", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("en moins de 10");
    await expect(page.locator("#plans article")).toHaveCount(3);
    await expect(page.locator("#faq .faq-answer:visible")).toHaveCount(16);
    await page.getByRole("link", { name: "Voir les offres" }).click();
    await expect(page.locator("#plans")).toBeInViewport();
  });
});

test("the services page details the four anchored blocks", async ({ page }) => {
  for (const anchor of ["creation-details", "ecommerce-details", "maintenance-details", "support-details"]) {
    await page.goto(`/services#${anchor}`);
    await expect(page.locator(`#${anchor}`)).toBeInViewport();
    await expect(page.locator(`#${anchor} li`)).toHaveCount(5);
  }
  await expect(page.locator("#support-details")).toContainText("le samedi de 9h à 12h ; fermé le dimanche");
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Maintenance" }).click();
  await expect(page).toHaveURL(/\/services#maintenance-details$/);
  await expect(page.locator("#maintenance-details")).toBeInViewport();
});

test("the legal notices have every section the spec lists", async ({ page }) => {
  await page.goto("/legal");
  await expect(page.locator("main h2")).toHaveText([
    "Éditeur du site",
    "Hébergeur",
    "Propriété intellectuelle",
    "Usage de l'intelligence artificielle (Koza)",
    "Données personnelles (RGPD)",
    "Cookies",
    "Responsabilité",
    "Droit applicable et juridiction",
  ]);
  await expect(page.locator("#editeur")).toContainText("Lagon Digital, SAS");
  await expect(page.locator("#editeur")).toContainText("SIRET 12345678900012");
  await expect(page.locator("#donnees-personnelles")).toContainText("droit d'accès, de rectification");
});

test("the about page tells the story, values, figures and company identity", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("main h2")).toHaveText([
    "Notre histoire",
    "Nos valeurs",
    "En quelques chiffres",
    "Qui sommes-nous ?",
  ]);
  const identity = page.locator(".identity");
  await expect(identity).toContainText("Lagon Digital");
  await expect(identity).toContainText("12345678900012");
  await expect(identity).toContainText("12 rue du Lagon, 97460 Saint-Paul, La Réunion");
});

test("each public page has its own title, description, canonical URL and sharing tags", async ({ page }) => {
  const titles = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toMatch(/\| Lagon Digital$/);
    titles.add(title);
    const url = `http://localhost:3000${path}`;
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute("content", url);
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
});

test("the home page describes the business, its offers and its FAQ as structured data", async ({ page }) => {
  await page.goto("/");
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
    JSON.parse(t),
  );
  const business = blocks.find((b) => b["@type"] === "LocalBusiness");
  expect(business.name).toBe("Lagon Digital");
  expect(business.address.addressLocality).toBe("Saint-Paul");
  expect(business.hasOfferCatalog.itemListElement.map((o: { price: number }) => o.price)).toEqual([
    20, 50, 15, 50,
  ]);
  const faq = blocks.find((b) => b["@type"] === "FAQPage");
  expect(faq.mainEntity).toHaveLength(16);
});

test("robots.txt keeps the private pages out and points at the sitemap", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  const body = await res.text();
  for (const prefix of [
    "/dashboard",
    "/admin",
    "/koza-questionnaire",
    "/success",
    "/paiement-test",
    "/api/",
  ]) {
    expect(body).toContain(`Disallow: ${prefix}\n`);
  }
  expect(body).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
});

for (const width of [375, 1280]) {
  test(`public pages fit ${width} px without horizontal scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    for (const [path, name] of OWN_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `/tmp/mkt-${name}-${width}.png`, fullPage: true });
    }
  });
}

test("public pages load without a content-security-policy violation or a console error", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  for (const url of PUBLIC_PAGES) {
    await page.goto(url, { waitUntil: "networkidle" });
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      url,
    ).toEqual([]);
  }
  expect(errors).toEqual([]);
});
