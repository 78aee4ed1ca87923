/**
 * The server side of `npm run bench:polling` (started by polling.ts, one process per database):
 * the product's API on one port, and on another a bare Fastify answering one primary-key select
 * on the same database, the baseline. Writes the ports and an order's credentials to the file
 * named by BENCH_READY_FILE, then serves until killed.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import { orderLogs, orders, type SiteSteps, sites } from "../src/db/schema.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { randomToken } from "../src/lib/secrets.ts";
import { createLogger } from "../src/logger.ts";

const config = loadConfig({
  ...process.env,
  // One proxy in front: the bench gives each request its own client address, as 100 phones
  // polling their order pages would have (each stays far under the per-address limit).
  TRUST_PROXY: "1",
  SERVE_WEB: "false",
  PORT: "0",
});
// The product's own logger and level: a production process writes its request log too.
const ctx = await createContext(config, createLogger(config.LOG_LEVEL), { jobs: allJobs });

/** A live order as the product leaves it: four steps done, credentials, seven log lines. */
const orderId = randomUUID();
const token = randomToken();
const at = new Date().toISOString();
const done = { status: "completed" as const, timestamp: at };
const steps: SiteSteps = { subdomain: done, wordpress: done, email: done };
await ctx.db.insert(orders).values({
  id: orderId,
  checkoutSessionId: `cs_bench_${orderId}`,
  planId: "business",
  payment: done,
  customerName: "Zoé Payet",
  customerEmail: "zoe@example.re",
  companyName: "Boulangerie Payet",
  city: "Saint-Paul",
  country: "Réunion",
  magicLinkTokenEnc: ctx.secrets.seal(token),
  pageTokenEnc: ctx.secrets.seal(randomToken()),
  monthlyPriceCents: 5000,
});
await ctx.db.insert(sites).values({
  orderId,
  name: "boulangerie-payet",
  setup: "active",
  steps,
  activatedAt: new Date(),
  wpAdminUrl: "http://boulangerie-payet.localhost:8080/wp-admin/",
  wpUsername: "zoe",
  wpPasswordEnc: ctx.secrets.seal(randomToken()),
  wpAppPasswordEnc: ctx.secrets.seal(randomToken()),
});
await ctx.db.insert(orderLogs).values(
  ["payment", "subdomain", "wordpress", "wordpress", "email", "email", "active"].map((action) => ({
    orderId,
    level: "info" as const,
    action,
    details: `Étape ${action} terminée (1234 ms)`,
  })),
);
// Other orders around it, so that the selects go through indexes, not a ten-row table.
for (let batch = 0; batch < 10; batch++) {
  const around = Array.from({ length: 200 }, (_, i) => ({ id: randomUUID(), name: `site-${batch}-${i}` }));
  await ctx.db.insert(orders).values(
    around.map(({ id }, i) => ({
      id,
      checkoutSessionId: `cs_bench_${batch}_${i}`,
      planId: "starter",
      payment: done,
      customerName: "Client",
      customerEmail: `client-${batch}-${i}@example.re`,
      country: "Réunion",
      magicLinkTokenEnc: ctx.secrets.seal(randomToken()),
      monthlyPriceCents: 2500,
    })),
  );
  await ctx.db
    .insert(sites)
    .values(around.map(({ id, name }) => ({ orderId: id, name, setup: "active" as const, steps })));
}

const app = await buildApp(ctx);
await app.listen({ port: 0, host: "127.0.0.1" });

const baseline = Fastify();
baseline.get<{ Params: { id: string } }>("/baseline/:id", async (request) => {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, request.params.id));
  return row;
});
await baseline.listen({ port: 0, host: "127.0.0.1" });

const port = (server: { server: import("node:net").Server }) =>
  (server.server.address() as { port: number }).port;
writeFileSync(
  process.env.BENCH_READY_FILE as string,
  JSON.stringify({ appPort: port(app), baselinePort: port(baseline), orderId, token }),
);
// A normal exit on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on("SIGTERM", () => process.exit(0));
