import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { loadSharp } from "../lib/load-sharp.ts";
import { type ProxyRules, startGuardedProxy } from "./guarded-proxy.ts";
import { watchBrowserMemory } from "./memory-watchdog.ts";

/** The window the page is drawn in, and the size of the kept image (the cards show it at 400×250, 2× for sharp screens). */
export const VIEWPORT = { width: 1280, height: 800 };
export const IMAGE = { width: 800, height: 500 };

/** The whole run, browser start to image, may not take longer. */
const RUN_LIMIT_MS = 60_000;
const NAVIGATION_LIMIT_MS = 30_000;

/** `nobody` (Debian's uid/gid 65534), who runs the browser when the product runs as root. */
const NOBODY = 65534;
const UNPRIVILEGED = path.join(import.meta.dirname, "chromium-unprivileged.sh");

export interface ScreenshotOptions extends ProxyRules {
  chromiumPath: string;
  /** All the browser's processes together may use this much memory (MB), else it is killed. */
  memoryLimitMb: number;
}

/** One browser at a time in this process: the runs wait for each other. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Chromium, sandboxed (never --no-sandbox; as `nobody` when we are root), its only way out the
 * guarded proxy, one renderer with a bounded JavaScript heap, killed past its memory limit or
 * its time limit, no service workers, no downloads.
 * `use` gets the context; the browser and its profile are gone when it returns or fails.
 */
export async function withSandboxedChromium<T>(
  options: ScreenshotOptions,
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const run = queue.then(async () => {
    const proxy = await startGuardedProxy(options);
    const profile = mkdtempSync(path.join(os.tmpdir(), "lagon-shot-"));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chownSync(profile, NOBODY, NOBODY);
      chmodSync(profile, 0o700);
    }
    let context: BrowserContext | undefined;
    let overMemory: number | undefined;
    let overTime = false;
    const limit = setTimeout(() => {
      overTime = true;
      void context?.close().catch(() => {});
    }, RUN_LIMIT_MS);
    const stopWatching = watchBrowserMemory(profile, options.memoryLimitMb * 1024 * 1024, (used) => {
      overMemory = used;
    });
    try {
      // Loaded on the first screenshot: an idle server does not hold it (npm run bench:memory).
      const { chromium } = await import("playwright-core");
      context = await chromium.launchPersistentContext(profile, {
        executablePath: asRoot ? UNPRIVILEGED : options.chromiumPath,
        chromiumSandbox: true,
        headless: true,
        timeout: 30_000,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: profile,
          LAGON_CHROMIUM: options.chromiumPath,
        },
        // Playwright also sends loopback through the proxy (<-loopback>): nothing goes around it.
        proxy: { server: proxy.server },
        args: [
          "--disable-gpu",
          "--disable-dev-shm-usage",
          "--renderer-process-limit=1",
          "--js-flags=--max-old-space-size=256",
          "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--no-first-run",
        ],
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        locale: "fr-FR",
        timezoneId: "Indian/Reunion",
        serviceWorkers: "block",
        acceptDownloads: false,
      });
      return await use(context);
    } catch (err) {
      if (overMemory !== undefined) {
        throw new Error(
          `navigateur arrêté : ${Math.round(overMemory / 1024 / 1024)} Mo de mémoire, plus que la limite de ${options.memoryLimitMb} Mo`,
        );
      }
      if (overTime) throw new Error(`navigateur arrêté : plus de ${RUN_LIMIT_MS / 1000} s`);
      throw err;
    } finally {
      stopWatching();
      clearTimeout(limit);
      await context?.close().catch(() => {});
      await proxy.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
  queue = run.catch(() => {});
  return run;
}

/**
 * The top of the page at `url` in a 1280×800 window, as a small WebP (800×500). Throws when the
 * page does not load, answers an error status, or the run takes too long.
 */
export async function takeScreenshot(url: string, options: ScreenshotOptions): Promise<Buffer> {
  const jpeg = await withSandboxedChromium(options, async (context) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const response = await page.goto(url, { waitUntil: "load", timeout: NAVIGATION_LIMIT_MS });
    if (!response) throw new Error(`${url} : pas de réponse`);
    if (response.status() >= 400) throw new Error(`${url} : réponse HTTP ${response.status()}`);
    // Late images and fonts, a few seconds at most: a page that never settles is taken as it is.
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
    return page.screenshot({ type: "jpeg", quality: 90, animations: "disabled", timeout: 15_000 });
  });
  const sharp = await loadSharp();
  return sharp(jpeg).resize(IMAGE.width, IMAGE.height).webp({ quality: 72 }).toBuffer();
}
