/**
 * npm run bench:koza — time from the questionnaire's submission (the real multipart request) to
 * koza_status 'completed' for a 5-page site (logo and 5 photos) written by the embedded French
 * generator into a real local WordPress, over 3 runs on one live site (each run after the first
 * regenerates it), with the peak memory of this process (API + worker) and of the PHP server.
 * Target: p50 ≤ 30 s.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { ANSWERS, kozaSubmission } from "../src/koza/test-support.ts";
import { createLogger } from "../src/logger.ts";
import { magicLinkToken } from "../src/orders/magic-link.ts";
import { findShownOrder } from "../src/orders/orders-table.ts";
import { getSite } from "../src/sites/sites-table.ts";
import { freePort } from "../src/wordpress/site-checks.ts";
import { givenPaidOrder } from "../test/factories.ts";
import { peakMemory, siteServerPids } from "./peak-memory.ts";

const RUNS = 3;
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-bench-koza-")),
  WP_PORT: String(await freePort()),
  LOG_LEVEL: "silent",
  SERVE_WEB: "false",
});
const ctx = await createContext(config, createLogger("silent"), { jobs: allJobs });
const app = await buildApp(ctx);
await ctx.wordpress.start();
await ctx.queue.work(ctx);

const row = (id: string) => findShownOrder(ctx.db, id);
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A live site made by the normal pipeline: payment, provisioning, WordPress install.
const orderId = await givenPaidOrder(ctx, { kozaOption: true });
const order = await until(async () => {
  const o = await row(orderId);
  if (o?.status === "error") throw new Error("provisioning failed");
  return o?.status === "active" ? o : undefined;
});
const token = magicLinkToken(ctx, order);

const photo = (hue: number) =>
  sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .jpeg({ quality: 90 })
    .toBuffer();
const files: [string, Buffer, string][] = [
  [
    "logo",
    await sharp({ create: { width: 400, height: 400, channels: 4, background: "#c2410c" } })
      .png()
      .toBuffer(),
    "logo.png",
  ],
  ...(await Promise.all(
    [0, 1, 2, 3, 4].map(
      async (i) => [`photo_${i}`, await photo(i * 50), `photo-${i}.jpg`] as [string, Buffer, string],
    ),
  )),
];

// Looked up once: pgrep at every sample would stall this process's event loop and skew the timings.
const php = siteServerPids(config.DATA_DIR);
const memory = peakMemory(() => php);
// Most of the server's memory is the embedded database (PGlite), there before Koza runs.
const baseline = Math.round(process.memoryUsage().rss / 2 ** 20);
const times: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const body = await kozaSubmission(
    {
      order_id: orderId,
      token,
      koza_data: JSON.stringify({ ...ANSWERS, businessName: `Boulangerie Payet ${run}` }),
    },
    files,
  );
  const submitted = performance.now();
  const res = await app.inject({ method: "POST", ...body });
  if (res.statusCode !== 200) throw new Error(`submission refused: ${res.body}`);
  await until(async () => {
    const { kozaStatus } = await getSite(ctx.db, orderId);
    if (kozaStatus === "error") throw new Error("Koza generation failed");
    return kozaStatus === "completed" ? true : undefined;
  });
  times.push((performance.now() - submitted) / 1000);
  console.log(`run ${run}: submitted -> completed in ${times.at(-1)?.toFixed(2)} s`);
}
const peak = memory.stop();
await app.close();
await ctx.close();

const sorted = [...times].sort((a, b) => a - b);
const p50 = sorted[Math.ceil(sorted.length / 2) - 1] ?? 0;
console.log(
  `peak memory: server ${peak.self} MB (${baseline} MB before the first submission), PHP server ${peak.children} MB`,
);
console.log(`koza: p50=${p50.toFixed(2)}s max=${(sorted.at(-1) ?? 0).toFixed(2)}s peak=${peak.self}MB`);
