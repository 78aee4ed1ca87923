import AxeBuilder from "@axe-core/playwright";
import { PUBLIC_PAGES } from "@lagon/contracts/public-pages";
import { expect, test } from "./support/test";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

for (const width of [375, 1280]) {
  test(`every public page passes axe-core (WCAG 2.1 AA) at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const violations: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      for (const v of results.violations) {
        violations.push(
          `${path}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
      }
    }
    expect(violations).toEqual([]);
  });
}

test("the home page stays accessible with a FAQ answer and the small-screen menu open", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/#faq");
  await page.locator("#faq button").nth(5).click();
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
});
