import { PUBLIC_PAGES } from "@lagon/contracts/public-pages";
import { expect, test } from "./support/test";

// The pages are prerendered by React and hydrated by Preact (decision 0017), after their first
// paint and in steps (decision 0018). Hydration must take over the prerendered document as it
// is: one <html> and one <body>, and none of its inlined stylesheets taken out (which would
// flash the page unstyled).
test("hydration keeps the prerendered document and its stylesheets", async ({ page }) => {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedStyles: string[] }).removedStyles = removed;
    new MutationObserver((mutations) => {
      for (const m of mutations)
        for (const node of m.removedNodes)
          if (
            node instanceof HTMLStyleElement ||
            (node instanceof HTMLLinkElement && node.rel === "stylesheet")
          )
            removed.push(node.dataset.href ?? (node as HTMLLinkElement).href);
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Hydrated, navbar included (it hydrates a step after the page): the menu button reacts.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(page.getByRole("button", { name: "Fermer le menu" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    const shape = await page.evaluate(() => ({
      htmls: document.querySelectorAll("html").length,
      bodies: document.querySelectorAll("body").length,
      lang: document.documentElement.lang,
      inlined: document.querySelectorAll("style[data-href]").length,
      removed: (window as unknown as { removedStyles: string[] }).removedStyles,
    }));
    expect(shape, path).toMatchObject({ htmls: 1, bodies: 1, lang: "fr", removed: [] });
    expect(shape.inlined, path).toBeGreaterThan(0);
  }
});

test("the prerendered pages inline their CSS and start their scripts once painted", async ({
  page,
  request,
}) => {
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('rel="stylesheet"');
    expect(html, path).toMatch(/<style data-href="\/assets\/root-[\w-]+\.css">/);
    // Nothing of the page's JavaScript is fetched before it has painted.
    expect(html, path).not.toContain('rel="modulepreload"');
    expect(html, path).not.toContain('<script type="module"');
  }
  await page.goto("/");
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length))
    .toBeGreaterThan(0);
});

test("a page reached in the app gets its stylesheet linked, and the first page keeps its own", async ({
  page,
}) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Contact" })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
  // contact.css was not inlined in the home page: it is linked, and applied.
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/contact-"]')).toHaveCount(1);
  await expect(page.locator(".contact-form")).toHaveCSS("border-top-style", "solid");
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('style[data-href*="/assets/home-"]')).toHaveCount(1);
  await expect(page.locator('style[data-href*="/assets/marketing-"]')).toHaveCount(1);
  await expect(page.locator(".faq-item").first()).toHaveCSS("border-bottom-style", "solid");
});
