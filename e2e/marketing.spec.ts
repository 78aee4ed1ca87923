import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const PUBLIC_PAGES = [
  "/",
  "/services",
  "/annuaire",
  "/about",
  "/contact",
  "/articles",
  "/legal",
  "/espace-client",
];
const shots = ".test-output/screenshots";

test("the home page has every section of the spec", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".hero-badges li")).toHaveText([
    "Hébergement en France",
    "SSL inclus",
    "Support local à La Réunion",
  ]);
  await expect(page.getByRole("heading", { name: "Koza écrit votre site à votre place" })).toBeVisible();
  await expect(page.locator("#plans .plan-card")).toHaveCount(3);
  await expect(page.getByText("Le plus populaire")).toBeVisible();
  await expect(page.getByText("Prix hors taxes - TVA 8,5% applicable")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comment ça marche" })).toBeVisible();
  await expect(page.locator(".how-steps li")).toHaveCount(4);
  await expect(page.getByRole("heading", { name: "Ils nous font confiance" })).toBeVisible();
  await page.getByRole("button", { name: "Voir les offres" }).click();
  await expect(page.locator("#plans")).toBeInViewport();
});

test("the FAQ has 16 entries, one open at a time, and works with the keyboard", async ({ page }) => {
  await page.goto("/#faq");
  const questions = page.locator("#faq .faq-item button");
  await expect(questions).toHaveCount(16);
  await expect(page.locator("#faq .faq-item button[aria-expanded=true]")).toHaveCount(1);
  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await questions.nth(6).focus();
  await page.keyboard.press("Enter");
  await expect(questions.nth(6)).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/à partir de 15 € par an \(\.com, \.fr, \.re\)/)).toBeVisible();
  await expect(page.locator("#faq .faq-item button[aria-expanded=true]")).toHaveCount(1);
});

for (const width of [375, 1280]) {
  test(`public pages fit ${width} px without horizontal scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      const name = path === "/" ? "home" : path.slice(1);
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
  });
}

test("every public page passes axe-core (WCAG 2.1 AA) with no violation", async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  }
});
