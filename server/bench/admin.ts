/**
 * npm run bench:admin — server time of the admin API with 10,000 orders in the embedded
 * database: the order list (first page, a filtered page, a search), the analytics and the CSV
 * export (p50/p95 over repeated requests through app.inject), then the memory of this process
 * while a client downloads the export over real HTTP, against idle.
 * Targets: p50 ≤ 100 ms for the list and the analytics; export memory within 50 MB of idle.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PLANS } from "@lagon/contracts/plans";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import { checkoutSessions, emailLog, orderLogs, orders, type SiteSteps, sites } from "../src/db/schema.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { randomToken } from "../src/lib/secrets.ts";
import { createLogger } from "../src/logger.ts";

const ORDERS = 10_000;
const BATCH = 500;
const RUNS = 50;
const TOKEN = randomToken();

const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-bench-admin-")),
  ADMIN_TOKEN: TOKEN,
  LOG_LEVEL: "silent",
  SERVE_WEB: "false",
});
const ctx = await createContext(config, createLogger("silent"), { jobs: allJobs });
const app = await buildApp(ctx);

const FIRST = ["Zoé", "Mathis", "Léa", "Enzo", "Chloé", "Noah", "Jade", "Lucas", "Inès", "Hugo"];
const LAST = ["Payet", "Hoarau", "Grondin", "Fontaine", "Técher", "Boyer", "Robert", "Lebon", "Maillot"];
// 80 % live, 10 % being created, 10 % in error.
const STATUSES = [...Array<"active">(16).fill("active"), "processing", "pending", "error", "error"] as const;
const done = (at: string) => ({ status: "completed" as const, timestamp: at });

/** Orders as the product makes them, each with 5 log lines, its welcome e-mail and its checkout. */
async function seed(): Promise<void> {
  const started = performance.now();
  for (let offset = 0; offset < ORDERS; offset += BATCH) {
    const rows: (typeof orders.$inferInsert)[] = [];
    const siteRows: (typeof sites.$inferInsert)[] = [];
    const logs: (typeof orderLogs.$inferInsert)[] = [];
    const mails: (typeof emailLog.$inferInsert)[] = [];
    const sessions: (typeof checkoutSessions.$inferInsert)[] = [];
    for (let i = offset; i < offset + BATCH; i++) {
      const id = randomUUID();
      const plan = PLANS[i % PLANS.length] as (typeof PLANS)[number];
      const status = STATUSES[i % STATUSES.length] as (typeof STATUSES)[number];
      // Spread over a year, newest first.
      const createdAt = new Date(Date.now() - (i / ORDERS) * 365 * 86_400_000 - i);
      const at = createdAt.toISOString();
      const steps: SiteSteps =
        status === "active"
          ? { subdomain: done(at), wordpress: done(at), email: done(at) }
          : status === "error"
            ? { subdomain: done(at), wordpress: { status: "failed", timestamp: at } }
            : {};
      const subdomain = `site-${i}`;
      const email = `client-${i}@example.re`;
      // Every order has its site's row, as migration 0034 left them (decision 0104).
      siteRows.push({
        orderId: id,
        name: subdomain,
        setup: status,
        steps,
        wpAdminUrl: status === "active" ? `http://${subdomain}.localhost:8080/wp-admin/` : null,
        wpUsername: status === "active" ? "admin" : null,
        kozaStatus: i % 4 === 0 ? "pending" : null,
      });
      rows.push({
        id,
        checkoutSessionId: `cs_bench_${i}`,
        planId: plan.id,
        payment: done(at),
        customerName:
          i % 1000 === 7 ? '=HYPERLINK("http://x")' : `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
        customerEmail: email,
        customerPhone: "0692 00 00 00",
        companyName: `Entreprise ${i}`,
        city: "Saint-Paul",
        country: "Réunion",
        magicLinkTokenEnc: ctx.secrets.seal(randomToken()),
        kozaOption: i % 4 === 0,
        monthlyPriceCents: plan.priceCents,
        createdAt,
      });
      for (const [action, details] of [
        ["payment", "Paiement reçu."],
        ["subdomain", "Sous-domaine réservé."],
        ["wordpress", "WordPress installé."],
        ["email", "E-mail de bienvenue envoyé."],
        ["active", "Site en ligne."],
      ] as const) {
        logs.push({ orderId: id, timestamp: createdAt, level: "info", action, details });
      }
      mails.push({
        id: randomUUID(),
        orderId: id,
        template: "welcome",
        recipient: email,
        subject: "Votre site est prêt",
        html: "<p>Bienvenue</p>",
        status: "sent",
        createdAt,
        sentAt: createdAt,
      });
      sessions.push({
        id: randomUUID(),
        kind: "order",
        status: "completed",
        subdomain,
        planId: plan.id,
        customerEmail: email,
        payload: {},
        successUrl: "http://localhost/success",
        cancelUrl: "http://localhost/",
        expiresAt: createdAt,
        createdAt,
      });
    }
    await ctx.db.insert(orders).values(rows);
    if (siteRows.length > 0) await ctx.db.insert(sites).values(siteRows);
    await ctx.db.insert(orderLogs).values(logs);
    await ctx.db.insert(emailLog).values(mails);
    await ctx.db.insert(checkoutSessions).values(sessions);
  }
  console.log(
    `seeded ${ORDERS} orders (5 logs, 1 e-mail, 1 checkout each) in ${s(performance.now() - started)} ms`,
  );
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const s = (x: number) => x.toFixed(1);

/** Server time of `runs` requests (after two warm-up ones), in ms. */
async function time(label: string, url: string, runs = RUNS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const res = await app.inject({ url: `${url}${url.includes("?") ? "&" : "?"}token=${TOKEN}` });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= 2) times.push(ms);
  }
  console.log(`${label.padEnd(22)} p50=${s(pct(times, 50))} ms p95=${s(pct(times, 95))} ms`);
  return times;
}

/**
 * Downloads the export over real HTTP, dropping each chunk, while sampling this process's
 * resident memory and its JavaScript heap (heap + external buffers), peaks against idle.
 */
async function exportMemory() {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `${address}/api/admin/export-csv?token=${TOKEN}`;
  const heap = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  // Warm up once (compiled code, connection pools), then let things settle before idle.
  await (await fetch(url)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 500));
  const idle = { rss: process.memoryUsage().rss, heap: heap() };
  const peak = { ...idle };
  const sample = () => {
    peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
    peak.heap = Math.max(peak.heap, heap());
  };
  const timer = setInterval(sample, 5);
  let bytes = 0;
  const res = await fetch(url);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  clearInterval(timer);
  sample();
  return { idle, peak, bytes };
}

await seed();
// The summary's list figures pool the three kinds of list request.
const list = [
  ...(await time("list (first page)", "/api/admin/orders")),
  ...(await time("list (errors, page 3)", "/api/admin/orders?status=error&page=3")),
  ...(await time("list (search)", "/api/admin/orders?q=grondin")),
];
const analytics = await time("analytics", "/api/admin/analytics");
const csv = await time("csv export", "/api/admin/export-csv", 20);
const memory = await exportMemory();
const mb = (b: number) => Math.round(b / 2 ** 20);
const rssGrowth = mb(memory.peak.rss - memory.idle.rss);
console.log(
  `export over HTTP: ${mb(memory.bytes)} MB sent; RSS idle ${mb(memory.idle.rss)} MB, peak ${mb(memory.peak.rss)} MB (+${rssGrowth}); JS heap idle ${mb(memory.idle.heap)} MB, peak ${mb(memory.peak.heap)} MB (+${mb(memory.peak.heap - memory.idle.heap)})`,
);
await app.close();
await ctx.close();
console.log(
  `admin: list p50=${s(pct(list, 50))}ms p95=${s(pct(list, 95))}ms analytics p50=${s(pct(analytics, 50))}ms p95=${s(pct(analytics, 95))}ms csv p50=${s(pct(csv, 50))}ms export-mem=+${rssGrowth}MB`,
);
