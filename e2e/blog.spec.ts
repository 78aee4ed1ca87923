import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./support/test";

const LIST_API = "**/blog/wp-json/wp/v2/posts?*";
const FRENCH_DATE =
  /^(Publié le )?\d{1,2}(er)? (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/;

/** Errors the page logs (React hydration warnings included). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const imageLoaded = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

// The e2e server starts on a fresh data folder: it creates and seeds the blog in the background.
test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  const started = Date.now();
  await expect
    .poll(
      async () => {
        const res = await request.get("/blog/wp-json/wp/v2/posts?per_page=9&_fields=id");
        return res.ok() ? Number(res.headers()["x-wp-total"]) : 0;
      },
      { timeout: 140_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(12);
  console.log(`blog seeded ${((Date.now() - started) / 1000).toFixed(1)} s after the server answered`);
});

test("the blog lists nine articles a page with images, dates and excerpts, and pages through", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto("/articles");
  const cards = page.locator(".post-card");
  await expect(cards).toHaveCount(9);
  await expect(page.getByText("Page 1 sur 2")).toBeVisible();
  await expect(page.locator(".post-date").first()).toHaveText(FRENCH_DATE);
  for (const excerpt of await page.locator(".post-card-excerpt").allTextContents()) {
    expect(excerpt.length).toBeGreaterThan(40);
    expect(excerpt.length).toBeLessThanOrEqual(151);
  }
  const firstImage = page.locator(".post-card-image").first();
  await expect(firstImage).toHaveAttribute("src", /^\/blog\/wp-content\/uploads\/.+\.webp$/);
  // The first image is the page's largest paint: loaded at once, first; the others when scrolled to.
  await expect(firstImage).toHaveAttribute("loading", "eager");
  await expect(firstImage).toHaveAttribute("fetchpriority", "high");
  await expect(page.locator(".post-card-image").nth(1)).toHaveAttribute("loading", "lazy");
  await expect(firstImage).toHaveAttribute("width", "1200");
  await expect.poll(() => imageLoaded(page, ".post-card-image >> nth=0")).toBe(true);
  await expect(page.locator(".blog-pager span[aria-disabled='true']")).toHaveText("Précédent");
  await page.screenshot({ path: ".test-output/screenshots/blog-list-1280.png", fullPage: true });

  await page.getByRole("link", { name: "Suivant" }).click();
  await expect(page).toHaveURL(/\/articles\?page=2$/);
  await expect(page.getByText("Page 2 sur 2")).toBeVisible();
  await expect(cards).toHaveCount(3);
  await expect(page.locator(".blog-pager span[aria-disabled='true']")).toHaveText("Suivant");
  await page.getByRole("link", { name: "Précédent" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByText("Page 1 sur 2")).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: ".test-output/screenshots/blog-list-375.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("an article shows its image, title and content, with its head for search engines", async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  await page.goto("/articles");
  const first = page.locator(".post-card-title a").first();
  const title = (await first.textContent()) as string;
  await first.click();
  await expect(page).toHaveURL(/\/articles\/[a-z0-9-]+$/);
  const slug = new URL(page.url()).pathname.split("/").at(-1) as string;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".article-content h2").first()).toBeVisible();
  await expect.poll(() => imageLoaded(page, ".article-image")).toBe(true);
  await expect(page).toHaveTitle(`${title} | Lagon Digital`);

  // Loaded straight from the server, as a search engine reads it.
  const html = await (await request.get(`/articles/${slug}`)).text();
  expect(html).toContain(`<title>${title.replace(/'/g, "&#39;")} | Lagon Digital</title>`);
  expect(html).toContain('property="og:type" content="article"');
  expect(html).toContain('"@type":"BlogPosting"');
  await page.goto(`/articles/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".post-date")).toHaveText(FRENCH_DATE);
  await expect(page).toHaveTitle(`${title} | Lagon Digital`);
  await expect(page.locator("head title")).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  expect(await page.locator('head script[type="application/ld+json"]').textContent()).toContain(
    '"@type":"BlogPosting"',
  );
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http:\/\/localhost:\d+\/blog\/wp-content\/uploads\/.+\.webp$/,
  );
  await page.screenshot({ path: ".test-output/screenshots/blog-article-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: ".test-output/screenshots/blog-article-375.png", fullPage: true });

  await page.getByRole("link", { name: "Retour au blog" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.locator(".post-card")).toHaveCount(9);
  expect(errors).toEqual([]);
});

test("an unknown article answers 404 and says so, with a button back to the blog", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const response = await page.goto("/articles/cet-article-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Article non trouvé" })).toBeVisible();
  await expect(page.getByText("Cet article n'existe pas.")).toBeVisible();
  await page.screenshot({ path: ".test-output/screenshots/blog-not-found-375.png" });
  await page.getByRole("link", { name: "Retour au blog" }).click();
  await expect(page).toHaveURL(/\/articles$/);
});

test("the list says so, in red, when the blog cannot be read, and when it is empty", async ({ page }) => {
  await page.route(LIST_API, (route) => route.fulfill({ status: 502, json: { detail: "indisponible" } }));
  await page.goto("/articles");
  const error = page.getByText("Erreur lors du chargement des articles");
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS("color", "rgb(180, 35, 24)");
  await page.screenshot({ path: ".test-output/screenshots/blog-error-1280.png" });

  await page.unroute(LIST_API);
  await page.route(LIST_API, (route) =>
    route.fulfill({ status: 200, json: [], headers: { "X-WP-Total": "0", "X-WP-TotalPages": "0" } }),
  );
  await page.reload();
  await expect(page.getByText("Aucun article pour le moment")).toBeVisible();
  await expect(page.locator(".post-card")).toHaveCount(0);
});

test("the blog list and an article pass axe-core (WCAG 2.1 AA) at 375 and 1280 px", async ({ page }) => {
  await page.goto("/articles");
  const slug = (await page.locator(".post-card-title a").nth(1).getAttribute("href")) as string;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/articles", slug]) {
      await page.goto(path);
      await expect(page.locator(".post-card, .article-content").first()).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(
        results.violations.map((v) => `${width} ${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`),
      ).toEqual([]);
    }
  }
});
