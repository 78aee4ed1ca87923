/**
 * npm run bench:lighthouse: Lighthouse 12 (mobile profile, simulated throttling) on the public
 * pages, served by the real server from the existing web build (it builds nothing: run
 * `npm run build` first, or point WEB_BUILD_DIR at another build). Prints each category score,
 * LCP, TBT and CLS per page, the audits that lost points, and the home page's JavaScript
 * (as served, and gzipped). Targets: 100 in each category, home JS <= 100 KB gzip. Each page is
 * audited LIGHTHOUSE_RUNS times (5 by default, as Lighthouse recommends) and reported by its median run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import type { Result } from "lighthouse/types/lhr/lhr.js";
import { readSeedArticles } from "../server/src/blog/seed-articles.ts";
import { freeMailPortBase } from "../server/src/mail-host/mail-checks.ts";

const PAGES = ["/", "/services", "/annuaire", "/articles", "/contact"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const HOME_JS_TARGET_KB = 100;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (code ${server.exitCode})`);
    const ok = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /api/health within 120 s");
}

/**
 * The new server creates and seeds its local blog in the background (several CPU-heavy
 * minutes on a small machine): the audits wait for it, or they would measure the seeding too.
 */
async function waitForBlogSeeded(origin: string): Promise<void> {
  const expected = readSeedArticles().length;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const total = await fetch(
      // A new query each time: the server keeps each answer of the blog API for a minute.
      `${origin}/blog/wp-json/wp/v2/posts?per_page=1&_fields=id&poll=${Date.now()}`,
    ).then(
      (res) => (res.ok ? Number(res.headers.get("x-wp-total")) : 0),
      () => 0,
    );
    if (total >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log(`(the blog did not reach its ${expected} articles within 300 s: auditing anyway)`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once("exit", () => resolve());
    // SIGTERM lets the server stop its PHP server (its own process group) before exiting.
    server.kill("SIGTERM");
  });
}

/** The scripts the home page's HTML loads, fetched and gzipped as a compressing server would send them. */
async function homeScriptsGzip(origin: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await (await fetch(`${origin}/`)).text();
  // The page names its modules in its held module script and in the list its starter preloads.
  const urls = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string));
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { files: urls.size, raw, gzip };
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART) is tried again. */
async function audit(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`           (${lhr.runtimeError.code}: run again)`);
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const port = await freePort();
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lagon-lighthouse-"));
process.env.CHROME_PATH ??= "/usr/bin/chromium";

const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    WP_PORT: String(await freePort()),
    MAIL_PORT_BASE: String(await freeMailPortBase()),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
});

const minimum: Record<string, number> = Object.fromEntries(CATEGORIES.map((c) => [c, 100]));
let homeJsGzip = 0;
try {
  await waitForHealth(origin, server);
  await waitForBlogSeeded(origin);
  const chrome = await launch({ chromeFlags: CHROME_FLAGS });
  try {
    for (const page of PAGES) {
      // Simulated throttling replays one real load, which a 2-core machine makes noisy: each page
      // is audited RUNS times and judged on its median run, as Lighthouse CI does.
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${origin}${page}`, chrome.port));
      const lhr = computeMedianRun(runs);
      const scores = CATEGORIES.map((c) => {
        const score = Math.round((lhr.categories[c]?.score ?? 0) * 100);
        minimum[c] = Math.min(minimum[c] ?? 100, score);
        return `${c} ${score}`;
      });
      const performanceRuns = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `${page.padEnd(10)} ${scores.join(" | ")} | LCP ${(metric("largest-contentful-paint") / 1000).toFixed(2)} s` +
          ` | TBT ${Math.round(metric("total-blocking-time"))} ms | CLS ${metric("cumulative-layout-shift").toFixed(3)}` +
          ` | performance of the ${RUNS} runs ${performanceRuns.join("/")}`,
      );
      const lost = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 1)
          .map((audit) => `${c}: ${audit?.id} (${audit?.displayValue ?? audit?.score})`),
      );
      for (const line of lost) console.log(`           - ${line}`);
      if (page === "/") {
        const items =
          (lhr.audits["network-requests"]?.details as { items?: Record<string, unknown>[] })?.items ?? [];
        const scripts = items.filter((item) => item.resourceType === "Script");
        const transfer = scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
        const gz = await homeScriptsGzip(origin);
        homeJsGzip = gz.gzip;
        console.log(
          `           home JavaScript: ${scripts.length} scripts, ${kb(transfer)} transferred as served;` +
            ` ${gz.files} files, ${kb(gz.raw)} raw, ${kb(gz.gzip)} gzip (target <= ${HOME_JS_TARGET_KB} KB)`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const met = CATEGORIES.every((c) => minimum[c] === 100) && homeJsGzip <= HOME_JS_TARGET_KB * 1024;
console.log(
  `Lighthouse summary (lowest of ${PAGES.length} pages): ${CATEGORIES.map((c) => `${c} ${minimum[c]}`).join(", ")};` +
    ` home JS ${kb(homeJsGzip)} gzip; targets ${met ? "met" : "not met"}`,
);
