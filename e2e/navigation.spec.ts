import { expect, test } from "./support/test";

const ROUTES: [string, RegExp][] = [
  ["/", /site/i],
  ["/services", /services/i],
  ["/annuaire", /annuaire/i],
  ["/about", /propos|histoire/i],
  ["/contact", /contact/i],
  ["/articles", /blog|articles/i],
  ["/legal", /mentions légales/i],
  ["/success?session_id=cs_test", /paiement|commande/i],
  ["/dashboard/00000000-0000-4000-8000-000000000000?token=x", /commande/i],
  ["/koza-questionnaire?orderId=x&token=y", /koza|questionnaire/i],
  ["/espace-client", /espace client|lien/i],
  ["/admin?token=x", /commandes|admin|token|accès/i],
  ["/admin/analytics?token=x", /analytique|statistiques|token|accès/i],
  ["/admin/email-templates?token=x", /e-mail|email|token|accès/i],
  ["/admin/temoignages?token=x", /témoignages|token|accès/i],
];

test.describe("every route of the product", () => {
  for (const [route, heading] of ROUTES) {
    test(`${route} loads in French`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && /Content.Security.Policy/i.test(m.text())) errors.push(m.text());
      });
      const res = await page.goto(route);
      expect(res?.status()).toBeLessThan(400);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.locator("h1").first()).toHaveText(heading);
      expect(errors).toEqual([]);
    });
  }

  test("an unknown address shows the French not-found page with a 404", async ({ page }) => {
    const res = await page.goto("/nulle-part");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Page introuvable")).toBeVisible();
  });
});

test("the navbar highlights the current page", async ({ page }) => {
  await page.goto("/services");
  const nav = page.getByRole("navigation", { name: /principal/i });
  await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Accueil" })).not.toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
});

test("'Commencer' goes home and scrolls to the plans", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("link", { name: "Commencer" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#plans")).toBeInViewport();
});

test("the small-screen menu opens and closes on a link click", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Ouvrir le menu" });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(page.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute("aria-expanded", "true");
  await page
    .getByRole("navigation", { name: /principal/i })
    .getByRole("link", { name: "Contact" })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("every footer link resolves", async ({ page, request }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer).toContainText("Saint-Paul, La Réunion");
  await expect(footer).toContainText("Copyright 2025");
  const hrefs = await footer
    .locator("a[href^='/']")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs).toEqual(
    expect.arrayContaining([
      "/services#creation-details",
      "/services#ecommerce-details",
      "/services#maintenance-details",
      "/services#support-details",
      "/about",
      "/articles",
      "/contact",
      "/legal",
      "/espace-client",
    ]),
  );
  for (const href of hrefs) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
  }
  for (const anchor of ["creation-details", "ecommerce-details", "maintenance-details", "support-details"]) {
    await page.goto(`/services#${anchor}`);
    await expect(page.locator(`#${anchor}`)).toBeVisible();
  }
  await expect(footer.locator("a[href^='mailto:']")).toHaveCount(1);
  await expect(footer.locator("a[href^='tel:']")).toHaveCount(1);
});

test("private pages are kept out of search engines", async ({ request }) => {
  for (const url of [
    "/dashboard/x?token=y",
    "/admin?token=x",
    "/koza-questionnaire",
    "/success?session_id=x",
  ]) {
    const res = await request.get(url);
    expect(res.headers()["x-robots-tag"], url).toContain("noindex");
  }
  expect((await request.get("/")).headers()["x-robots-tag"]).toBeUndefined();
});

test("the home page is prerendered French HTML, readable without JavaScript", async ({ request }) => {
  const html = await (await request.get("/")).text();
  for (const label of ["Accueil", "Services", "Annuaire", "À propos", "Contact", "Blog"]) {
    expect(html).toContain(`>${label}<`);
  }
});

test("pages, scripts and styles travel compressed, and stay readable", async ({ request }) => {
  const home = await request.get("/", { headers: { "accept-encoding": "br" } });
  expect(home.headers()["content-encoding"]).toBe("br");
  const html = await home.text();
  expect(html).toContain("Lagon Digital");
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  expect(assets.length).toBeGreaterThan(2);
  for (const url of assets) {
    const res = await request.get(url, { headers: { "accept-encoding": "gzip" } });
    expect(res.status(), url).toBe(200);
    if ((await res.body()).length >= 1024) expect(res.headers()["content-encoding"], url).toBe("gzip");
  }
  const plain = await request.get("/", { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
});
