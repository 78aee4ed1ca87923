/**
 * npm run bench:memory [-- --orders=200 --koza=50 --restores=20 --polls=10000] — resident memory
 * (RSS) of the server process on the embedded default (`node --import tsx server/src/main.ts`,
 * as `npm start` runs it: PGlite, worker, local WordPress host): idle once started and its blog
 * seeded, then the peak while 10 orders are paid at once and provisioned, then a day of use
 * (day-of-use.ts; the counts by default, smaller ones as options) and the memory once
 * it has settled. nginx and php-fpm are other processes, shown apart.
 * Targets: at most 400 MB idle, at most 450 MB settled after the day.
 * Last line: `memory: idle=<MB> MB peak=<MB> MB day=<MB> MB settled=<MB> MB (target 450 MB: pass|FAIL)`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { randomToken } from "../src/lib/secrets.ts";
import { freeMailPortBase } from "../src/mail-host/mail-checks.ts";
import { type DayOfUse, dayOfUse, FULL_DAY, payOrder } from "./day-of-use.ts";
import { describeMemory } from "./memory-map.ts";
import { peakMemory, siteServerPids } from "./peak-memory.ts";

const ORDERS = 10;
const SETTLED_TARGET_MB = 450;
const { values: options } = parseArgs({
  options: Object.fromEntries(Object.keys(FULL_DAY).map((name) => [name, { type: "string" as const }])),
});
const day = Object.fromEntries(
  Object.entries(FULL_DAY).map(([name, count]) => [name, Number(options[name] ?? count)]),
) as unknown as DayOfUse;
const root = path.resolve(import.meta.dirname, "../..");

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => {
  const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1];
  return Math.round(Number(kb) / 1024);
};

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(1000);
  }
  throw new Error(`${what}: not reached in ${timeoutMs / 1000} s`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "lagon-bench-memory-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const adminToken = randomToken();
const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    WP_PORT: String(await freePort()),
    MAIL_PORT_BASE: String(await freeMailPortBase()),
    PUBLIC_URL: `http://localhost:${port}`,
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: "warn",
    // The day of use polls and submits from one address, far more than one visitor may.
    RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
  },
});
const pid = server.pid as number;

try {
  // A loaded machine's first start (WordPress template, mail host) can take minutes.
  await until("start", async () => ((await fetch(`${origin}/api/health`)).ok ? true : undefined), 600_000);
  // The first start creates the agency's blog in the background: idle is once it is done.
  await until(
    "blog seeded",
    async () => {
      const res = await fetch(`${origin}/blog/wp-json/wp/v2/posts?per_page=1`);
      return res.ok && Number(res.headers.get("x-wp-total")) >= 12 ? true : undefined;
    },
    300_000,
  );
  await sleep(10_000);
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(rssMb(pid));
    await sleep(500);
  }
  const idle = Math.max(...samples);
  console.log(`idle: server ${idle} MB (samples ${Math.min(...samples)}–${idle} MB)`);

  const memory = peakMemory(() => siteServerPids(dataDir));
  let serverPeak = 0;
  const sampler = setInterval(() => {
    serverPeak = Math.max(serverPeak, rssMb(pid));
  }, 100);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ORDERS }, async (_, i) => {
      await payOrder(origin, `memoire-${i}`, false);
    }),
  );
  await until(
    `${ORDERS} orders active`,
    async () => {
      const res = await fetch(`${origin}/api/admin/orders?token=${adminToken}`);
      const { counts } = (await res.json()) as { counts: { active: number; error: number } };
      if (counts.error > 0) throw new Error("an order ended in error");
      return counts.active >= ORDERS ? true : undefined;
    },
    600_000,
  );
  clearInterval(sampler);
  const peak = Math.max(serverPeak, rssMb(pid));
  const sites = memory.stop();
  console.log(
    `${ORDERS} orders: live in ${Math.round((performance.now() - started) / 1000)} s; server peak ${peak} MB; nginx + php-fpm peak ${sites.children} MB`,
  );

  console.log(
    `day of use: ${day.orders} orders, ${day.koza} Koza runs, ${day.restores} restores, ${day.polls} polls (the issue's: ${Object.values(FULL_DAY).join(", ")}); at start ${describeMemory(pid)}`,
  );
  let dayPeak = 0;
  const daySampler = setInterval(() => {
    dayPeak = Math.max(dayPeak, rssMb(pid));
  }, 500);
  await dayOfUse(origin, adminToken, day, (line) => console.log(`${line}; server ${rssMb(pid)} MB`));
  clearInterval(daySampler);
  const after = rssMb(pid);
  console.log(`day of use: done, server ${describeMemory(pid)}, peak ${Math.max(dayPeak, after)} MB`);
  // Settled: the jobs the day queued are done and the memory has not moved by more than 5 MB
  // in 30 s (at most 5 minutes).
  const settleStarted = Date.now();
  const recent: number[] = [];
  for (;;) {
    await sleep(2000);
    recent.push(rssMb(pid));
    if (recent.length > 15) recent.shift();
    const steady = recent.length === 15 && Math.max(...recent) - Math.min(...recent) <= 5;
    if (steady || Date.now() - settleStarted > 300_000) break;
  }
  const settled = rssMb(pid);
  const pass = settled <= SETTLED_TARGET_MB;
  console.log(
    `day of use: settled in ${Math.round((Date.now() - settleStarted) / 1000)} s at ${describeMemory(pid)}; target ${SETTLED_TARGET_MB} MB: ${pass ? "pass" : "FAIL"}`,
  );
  console.log(
    `memory: idle=${idle} MB peak=${peak} MB day=${after} MB settled=${settled} MB (target ${SETTLED_TARGET_MB} MB: ${pass ? "pass" : "FAIL"})`,
  );
} finally {
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, sleep(60_000)]);
  // A server that did not stop keeps its sites' disk mounted: say so rather than hide why the
  // bench failed behind the folder that cannot be removed.
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch (err) {
    console.error(`bench:memory: ${dataDir} left behind (${(err as Error).message})`);
  }
}
