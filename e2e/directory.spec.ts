import { orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";
import { ownerPicksHomePage } from "./support/wordpress";

test("the directory lists opted-in live sites once they show their own home page, searched, filtered and paged by the server", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // Sites an earlier journey listed (all in La Réunion, "Artisanat / BTP") stay listed: count from them.
  const before = ((await (await request.get("/api/directory")).json()) as { total: number }).total;
  const total = before + 2;
  await orderSite(request, {
    subdomain: "menuiserie-annuaire",
    email: "annuaire1@example.re",
    company: "Menuiserie Payet",
    directory: true,
  });
  await orderSite(request, {
    subdomain: "atelier-annuaire",
    email: "annuaire2@example.re",
    company: "Atelier Grondin",
    directory: true,
  });
  const cards = page.locator(".site-card");
  for (const email of ["annuaire1@example.re", "annuaire2@example.re"]) {
    await waitForMail(email, /Administration WordPress/);
  }
  // Live, but still showing the installer's "en cours de préparation" home page: not listed
  // (asked of the API: the page's browser would keep that answer for a minute).
  expect((await (await request.get("/api/directory")).json()).total).toBe(before);
  // Once each owner picks a home page of their own (wp-admin, Réglages > Lecture), it is.
  for (const email of ["annuaire1@example.re", "annuaire2@example.re"]) await ownerPicksHomePage(page, email);
  await expect
    .poll(async () => (await (await request.get("/api/directory")).json()).total, { timeout: 120_000 })
    .toBe(total);
  // Listed, each is shot by the platform's own Chromium (a job, within seconds): the cards show it.
  const shots = async () =>
    (
      (await (await request.get("/api/directory")).json()) as { sites: { screenshot_url: string | null }[] }
    ).sites
      .map((s) => s.screenshot_url)
      .filter(Boolean).length;
  await expect.poll(shots, { timeout: 120_000 }).toBe(total);

  await page.goto("/annuaire");
  await expect(cards).toHaveCount(total);
  await expect(page.getByText(`${total} sites trouvés`)).toBeVisible();
  // The counters speak French: one word for 0 or 1, the plural from 2.
  await expect(page.locator(".directory-counts")).toContainText(`${total} sites en ligne`);
  await expect(page.getByRole("button", { name: "Voir plus de sites" })).toHaveCount(0);
  const card = cards.filter({ hasText: "Menuiserie Payet" });
  await expect(card).toContainText("Saint-Pierre, La Réunion");
  await expect(card).toContainText(/En ligne depuis \w+ \d{4}/);
  // The real screenshot, not the placeholder: a WebP from our own address, loaded and drawn.
  const shot = card.locator(".site-thumb img");
  await expect(shot).toHaveAttribute(
    "src",
    /^\/api\/directory\/screenshots\/menuiserie-annuaire\.webp\?v=\d+$/,
  );
  await expect(card.locator(".site-placeholder")).toHaveCount(0);
  await expect
    .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(800);
  const image = await request.get((await shot.getAttribute("src")) as string);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toBe("public, max-age=86400");
  await expect(card.getByRole("link", { name: /Visiter le site/ })).toHaveAttribute(
    "href",
    /menuiserie-annuaire\.localhost/,
  );
  await page.screenshot({ path: ".test-output/screenshots/directory-1280.png", fullPage: true });

  // The search is the server's: the answer to "grondin" holds one site and says so.
  const searched = page.waitForResponse((r) => /\/api\/directory\?.*q=grondin/.test(r.url()));
  await page.getByRole("searchbox", { name: "Rechercher" }).fill("grondin");
  expect((await (await searched).json()).total).toBe(1);
  await expect(cards).toHaveCount(1);
  await expect(page.getByText("1 site trouvé")).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher" }).fill("");
  await page.getByLabel("Territoire").selectOption("Martinique");
  await expect(page.getByText("Aucun site trouvé avec ces critères")).toBeVisible();
  await page.getByRole("button", { name: "Réinitialiser les filtres" }).click();
  await expect(cards).toHaveCount(total);
  await page.getByLabel("Catégorie").selectOption("Artisanat / BTP");
  await expect(cards).toHaveCount(total);
  await page.getByLabel("Catégorie").selectOption("Immobilier");
  await expect(page.getByText("Aucun site trouvé avec ces critères")).toBeVisible();
  await page.getByRole("button", { name: "Réinitialiser les filtres" }).click();
  await expect(cards).toHaveCount(total);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: ".test-output/screenshots/directory-375.png", fullPage: true });

  // The home page's showcase shows the same screenshots.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const showcase = page.locator("section.showcase");
  await showcase.scrollIntoViewIfNeeded();
  const atelier = showcase.locator("li", { hasText: "Atelier Grondin" }).locator("img.showcase-shot");
  await expect(atelier).toHaveAttribute(
    "src",
    /^\/api\/directory\/screenshots\/atelier-annuaire\.webp\?v=\d+$/,
  );
  await expect
    .poll(() => atelier.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(800);
  await showcase.screenshot({ path: ".test-output/screenshots/directory-showcase-1280.png" });
});

test("the directory shows more sites page by page", async ({ page, request }) => {
  // Pages of one site (the server pages whatever the size): the sites listed by the first test
  // (and by earlier journeys) come one at a time through "Voir plus de sites".
  const listed = (await (await request.get("/api/directory?per_page=2")).json()) as {
    total: number;
    sites: { company_name: string }[];
  };
  expect(listed.total).toBeGreaterThanOrEqual(2);
  await page.route(/\/api\/directory\?/, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("per_page", "1");
    return route.continue({ url: url.toString() });
  });
  await page.goto("/annuaire");
  const cards = page.locator(".site-card");
  await expect(page.getByText(`${listed.total} sites trouvés`)).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.locator(".directory-more")).toContainText(`1 sur ${listed.total}`);
  await page.getByRole("button", { name: "Voir plus de sites" }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.locator("h2")).toHaveText(listed.sites.map((s) => s.company_name));
  // A new search starts again from its first page.
  await page.getByRole("searchbox", { name: "Rechercher" }).fill("grondin");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Atelier Grondin");
  await expect(page.getByText("1 site trouvé")).toBeVisible();
  await expect(page.getByRole("button", { name: "Voir plus de sites" })).toHaveCount(0);
});
