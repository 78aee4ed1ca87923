import { test as base, type Page } from "@playwright/test";

export { type APIRequestContext, expect, type Locator, type Page, type Request } from "@playwright/test";

const LOADS = ["goto", "reload", "goBack", "goForward"] as const;

/**
 * Playwright's `test`, whose page waits after each load of one of our pages until it has
 * hydrated (`html[data-hydrated]`): the pages start their scripts once painted and hydrate in
 * steps (decision 0018), and until then a button's tap is only held (replayed once hydrated).
 * Pages of other origins (the WordPress sites) and pages without JavaScript are not waited for.
 */
export const test = base.extend({
  page: async ({ page, baseURL, javaScriptEnabled }, use, testInfo) => {
    if (javaScriptEnabled !== false && baseURL) {
      const origin = new URL(baseURL).origin;
      for (const name of LOADS) {
        const load = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
        (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
          const response = await load(...args);
          const contentType = response?.headers()["content-type"] ?? "text/html";
          if (new URL(page.url()).origin === origin && contentType.startsWith("text/html")) {
            await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
          }
          return response;
        };
      }
    }
    await use(page);
    // CI keeps only what a run prints: on a failure, say where the page was and what it showed.
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const text = await page
        .locator("body")
        .innerText({ timeout: 2000 })
        .catch((e: Error) => `(unreadable: ${e.message})`);
      console.log(`failed on ${page.url()}, which showed:\n${text.slice(0, 2000)}`);
    }
  },
});
