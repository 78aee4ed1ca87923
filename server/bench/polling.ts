/**
 * npm run bench:polling — requests per second of the order page's poll,
 * `GET /api/order/{id}?token=`, at 100 concurrent clients, against a baseline measured in the
 * same run on the same machine: a bare Fastify answering one primary-key select on the same
 * database. Once on the embedded database (PGlite), once on PostgreSQL (a throwaway server
 * started by scripts/postgres-test-server.sh). The machine may be shared: the ratios are the
 * figures, not the absolute numbers. Target: at least 0.5x the baseline on each.
 * Last line: `polling: pglite=<req/s> (<ratio>x) postgres=<req/s> (<ratio>x)`.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const CONNECTIONS = 100;
/** Short rounds, baseline and product in turn: a burst of load from another process on the
 * machine hits both alike, and the median of the rounds' ratios leaves the odd one out. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = path.resolve(import.meta.dirname, "../..");

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A client address for each request (one proxy hop in front), as 100 phones would have. */
const someAddress = () =>
  `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 254 + 1) | 0}`;

async function load(url: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-forwarded-for": someAddress() } }),
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const codes = JSON.stringify(result.statusCodeStats);
    throw new Error(
      `${url}: ${failed} of ${result.requests.total} requests failed (status ${codes}, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  }
  return result.requests.average;
}

async function startServer(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-bench-polling-"));
  const ready = path.join(dir, "ready.json");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/polling-server.ts"], {
    cwd: path.join(root, "server"),
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: dir, BENCH_READY_FILE: ready, ...env },
  });
  const deadline = Date.now() + 120_000;
  while (!existsSync(ready)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("bench server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const info = JSON.parse(readFileSync(ready, "utf8")) as {
    appPort: number;
    baselinePort: number;
    orderId: string;
    token: string;
  };
  return {
    ...info,
    async stop() {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** After a warm-up, baseline and product in turn, ROUNDS times: the medians. */
async function measure(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const order = `http://127.0.0.1:${server.appPort}/api/order/${server.orderId}?token=${server.token}`;
    const baseline = `http://127.0.0.1:${server.baselinePort}/baseline/${server.orderId}`;
    const check = await fetch(order, { headers: { "x-forwarded-for": someAddress() } });
    if (check.status !== 200) throw new Error(`order page answered ${check.status}`);
    await load(baseline);
    await load(order);
    const bases: number[] = [];
    const products: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bases.push(await load(baseline));
      products.push(await load(order));
      ratios.push((products.at(-1) as number) / (bases.at(-1) as number));
    }
    const product = median(products);
    const ratio = median(ratios);
    console.log(
      `${label}: order poll ${Math.round(product)} req/s, baseline ${Math.round(median(bases))} req/s (medians of ${ROUNDS} rounds), ratio ${ratio.toFixed(2)}x (rounds: ${ratios.map((r) => r.toFixed(2)).join(" ")})`,
    );
    return { product, ratio };
  } finally {
    await server.stop();
  }
}

const pglite = await measure("pglite", {});

const pgDir = mkdtempSync(path.join(os.tmpdir(), "lagon-bench-pg-"));
const script = path.join(root, "scripts/postgres-test-server.sh");
const pgPort = String(await freePort());
const adminUrl = execFileSync("bash", [script, "start", pgDir, pgPort], {
  encoding: "utf8",
}).trim();
let postgres: Awaited<ReturnType<typeof measure>>;
try {
  postgres = await measure("postgres", { DATABASE_URL: adminUrl });
} finally {
  execFileSync("bash", [script, "stop", pgDir, pgPort]);
  rmSync(pgDir, { recursive: true, force: true });
}

const figure = (m: { product: number; ratio: number }) => `${Math.round(m.product)} (${m.ratio.toFixed(2)}x)`;
console.log(`polling: pglite=${figure(pglite)} postgres=${figure(postgres)}`);
