import { PUBLIC_PAGES } from "@lagon/contracts/public-pages";
import { expect, test } from "@playwright/test";

// The pages are prerendered by React and hydrated by Preact (decision 0017). Hydration must take
// over the prerendered document as it is: one <html> and one <body>, and no stylesheet taken out
// (which would flash the page unstyled while it loads again).
test("hydration keeps the prerendered document and its stylesheets", async ({ page }) => {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedStylesheets: string[] }).removedStylesheets = removed;
    new MutationObserver((mutations) => {
      for (const m of mutations)
        for (const node of m.removedNodes)
          if (node instanceof HTMLLinkElement && node.rel === "stylesheet") removed.push(node.href);
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Hydrated: the menu button reacts (it only toggles once the page's code runs).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(page.getByRole("button", { name: "Fermer le menu" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    const shape = await page.evaluate(() => ({
      htmls: document.querySelectorAll("html").length,
      bodies: document.querySelectorAll("body").length,
      lang: document.documentElement.lang,
      stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      removed: (window as unknown as { removedStylesheets: string[] }).removedStylesheets,
    }));
    expect(shape, path).toMatchObject({ htmls: 1, bodies: 1, lang: "fr", removed: [] });
    expect(shape.stylesheets, path).toBeGreaterThan(0);
  }
});

test("the prerendered pages list their stylesheets before their module preloads", async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const lastStylesheet = head.lastIndexOf('rel="stylesheet"');
    const firstPreload = head.indexOf('rel="modulepreload"');
    expect(lastStylesheet, path).toBeGreaterThan(0);
    expect(firstPreload, path).toBeGreaterThan(lastStylesheet);
  }
});
