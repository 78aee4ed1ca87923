/**
 * npm run bench:provision — time from "paid" to "active" for one order at a time (SINGLE_RUNS
 * orders one after the other, the first one cold: its p50 is the figure), then for 10 concurrent
 * orders, on the embedded defaults (PGlite, in-process worker, local PHP host), with each step's
 * median time (the order logs' figures), the CPU time this process and its children took, and the
 * peak memory of this server process, of nginx and of the sites' php-fpm masters. Targets
 * (issue 23): p50 ≤ 2 s for one order; all 10 concurrent orders active within 10 s.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import { orderLogs, orders, sites } from "../src/db/schema.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { createLogger } from "../src/logger.ts";
import { orderStatusSql } from "../src/orders/orders-table.ts";
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

const SINGLE_RUNS = Number(process.env.SINGLE_RUNS ?? 5);
const TARGET_SINGLE_S = 2;
const TARGET_TEN_S = 10;

async function provision(count: number, allIds: string[]): Promise<number[]> {
  const paidAt = Date.now();
  const ids = await Promise.all(Array.from({ length: count }, () => givenPaidOrder(ctx)));
  allIds.push(...ids);
  const done = new Map<string, number>();
  while (done.size < count) {
    // Two columns only: this loop's own queries share the one-threaded database with the work.
    const rows = await ctx.db
      .select({ id: orders.id, status: orderStatusSql })
      .from(orders)
      .leftJoin(sites, eq(sites.orderId, orders.id))
      .where(inArray(orders.id, ids));
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

/** Each step's median time over `ids`, from the "(N ms)" its log line ends with. */
async function stepMedians(ids: string[]): Promise<string> {
  const rows = await ctx.db
    .select({ action: orderLogs.action, details: orderLogs.details })
    .from(orderLogs)
    .where(inArray(orderLogs.orderId, ids))
    .orderBy(asc(orderLogs.id));
  const byStep = new Map<string, number[]>();
  for (const row of rows) {
    const ms = /\((\d+) ms\)$/.exec(row.details)?.[1];
    if (ms) byStep.set(row.action, [...(byStep.get(row.action) ?? []), Number(ms) / 1000]);
  }
  return [...byStep]
    .map(
      ([step, xs]) =>
        `${step} ${s(
          pct(
            xs.sort((a, b) => a - b),
            50,
          ),
        )} s`,
    )
    .join(", ");
}

/**
 * CPU seconds (user + system) of this process and of the children it waited for (the helper's
 * runs, with their PHP): the machine is shared, so this says more than wall time.
 */
function cpuSeconds(): { own: number; children: number; all?: number } {
  // /proc/self/stat: utime stime cutime cstime are fields 14-17, in clock ticks (100 a second).
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  const tick = (i: number) => Number(fields[i - 3] ?? 0) / 100;
  return { own: tick(14) + tick(15), children: tick(16) + tick(17), all: cpuacctSeconds() };
}
/**
 * With the bench started in a cpuacct cgroup of its own (`cgexec -g cpuacct:bench`, or its pid
 * written into one), the CPU of everything it started: nginx, the sites' php-fpm masters and
 * their workers too. Undefined in the root cgroup (that would be the whole machine's).
 */
function cpuacctSeconds(): number | undefined {
  const line = readFileSync("/proc/self/cgroup", "utf8")
    .split("\n")
    .find((l) => /^\d+:[^:]*\bcpuacct\b[^:]*:/.test(l));
  const [, controllers, group] = line?.split(":") ?? [];
  if (!controllers || !group || group === "/") return undefined;
  try {
    return (
      Number(readFileSync(path.join("/sys/fs/cgroup", controllers, group, "cpuacct.usage"), "utf8")) / 1e9
    );
  } catch {
    return undefined;
  }
}
function cpuSince(from: { own: number; children: number; all?: number }): string {
  const now = cpuSeconds();
  const all = now.all !== undefined && from.all !== undefined ? `, all ${s(now.all - from.all)} s` : "";
  return `${s(now.own - from.own)} s, helper ${s(now.children - from.children)} s${all}`;
}

const singles: number[] = [];
const singleIds: string[] = [];
const cpuSingle = cpuSeconds();
for (let run = 0; run < SINGLE_RUNS; run++) {
  const [seconds = 0] = await provision(1, singleIds);
  singles.push(seconds);
  console.log(`1 order (${run === 0 ? "first, cold" : `run ${run + 1}`}): paid -> active in ${s(seconds)} s`);
}
const single = [...singles].sort((a, b) => a - b);
console.log(
  `1 order, ${SINGLE_RUNS} runs one after the other: p50=${s(pct(single, 50))} s (cold first ${s(singles[0] ?? 0)} s); steps: ${await stepMedians(singleIds)}; CPU: server ${cpuSince(cpuSingle)}`,
);
const tenIds: string[] = [];
const cpuTen = cpuSeconds();
const ten = await provision(10, tenIds);
console.log(
  `10 concurrent orders: p50=${s(pct(ten, 50))} s p95=${s(pct(ten, 95))} s max=${s(pct(ten, 100))} s; steps: ${await stepMedians(tenIds)}; CPU: server ${cpuSince(cpuTen)}`,
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
// The bench's sites go, with their system users (a bench leaves nothing in /etc/passwd).
const made = await ctx.db
  .select({ subdomain: sites.name })
  .from(sites)
  .where(inArray(sites.orderId, [...singleIds, ...tenIds]));
for (const { subdomain } of made) await ctx.wordpress.main.remove(subdomain);
await ctx.close();
rmSync(config.DATA_DIR, { recursive: true, force: true });
const pass = (ok: boolean) => (ok ? "pass" : "FAIL");
const p50 = pct(single, 50);
const max10 = pct(ten, 100);
console.log(
  `provision: p50=${s(p50)}s (${pass(p50 <= TARGET_SINGLE_S)}, target ≤ ${TARGET_SINGLE_S} s over ${SINGLE_RUNS} single orders) p95=${s(pct(ten, 95))}s max10=${s(max10)}s (${pass(max10 <= TARGET_TEN_S)}, target ≤ ${TARGET_TEN_S} s) sites-memory=${sitesPeak}MB`,
);
