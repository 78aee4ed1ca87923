/**
 * npm run bench:provision — time from "paid" to "active" for 1 order, then for 10 concurrent
 * orders, on the embedded defaults (PGlite, in-process worker, local PHP host), with the peak
 * memory of this server process, of nginx and of the sites' php-fpm masters. Targets (issue 23):
 * p50 ≤ 2 s for one order; all 10 concurrent orders active within 10 s.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import { orders } from "../src/db/schema.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { createLogger } from "../src/logger.ts";
import { freePort } from "../src/wordpress/site-checks.ts";
import { firewallTable, runtimeDir } from "../src/wordpress/site-runtime.ts";
import { givenPaidOrder } from "../test/factories.ts";
import { peakMemory, siteServerPids } from "./peak-memory.ts";

const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-bench-")),
  WP_PORT: String(await freePort()),
  LOG_LEVEL: "silent",
  SERVE_WEB: "false",
});
const ctx = await createContext(config, createLogger("silent"), { jobs: allJobs });
await ctx.wordpress.start();
await ctx.queue.work(ctx);
const memory = peakMemory(() => siteServerPids(config.DATA_DIR));

async function provision(count: number): Promise<number[]> {
  const paidAt = Date.now();
  const ids = await Promise.all(Array.from({ length: count }, () => givenPaidOrder(ctx)));
  const done = new Map<string, number>();
  while (done.size < count) {
    const rows = await ctx.db.select().from(orders).where(inArray(orders.id, ids));
    for (const r of rows) {
      if (r.status === "active" && !done.has(r.id)) done.set(r.id, (Date.now() - paidAt) / 1000);
      if (r.status === "error") throw new Error(`order ${r.id} failed`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return [...done.values()].sort((a, b) => a - b);
}

const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ?? 0;
const s = (x: number) => x.toFixed(2);

const single = await provision(1);
console.log(`1 order: paid -> active in ${s(single[0] ?? 0)} s`);
const ten = await provision(10);
console.log(
  `10 concurrent orders: p50=${s(pct(ten, 50))} s p95=${s(pct(ten, 95))} s max=${s(pct(ten, 100))} s`,
);
const peak = memory.stop();
// Each site's php-fpm master runs in its own cgroup (decision 0044): their parent's peak is all of them.
const sitesPeak = Math.round(
  Number(
    readFileSync(
      path.join(
        "/sys/fs/cgroup/memory",
        firewallTable(runtimeDir(config.DATA_DIR)),
        "memory.max_usage_in_bytes",
      ),
      "utf8",
    ),
  ) /
    2 ** 20,
);
console.log(
  `peak memory: server ${peak.self} MB, nginx and the health php-fpm ${peak.children} MB, the sites' masters ${sitesPeak} MB`,
);
await ctx.close();
console.log(
  `provision: p50=${s(single[0] ?? 0)}s p95=${s(pct(ten, 95))}s max10=${s(pct(ten, 100))}s sites-memory=${sitesPeak}MB`,
);
