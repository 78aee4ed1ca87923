import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orders, sites, subscriptions } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { liveSite } from "../maintenance/versions.ts";
import { findOrder } from "../orders/orders-table.ts";
import { pushSiteVisits } from "./push-site-visits.ts";
import { forgetOldVisits, readSiteVisits } from "./read-site-visits.ts";

/** One Business site's visit log, read and counted (GoAccess), then its dashboard's figures given; a few at a time per worker. */
export const readSiteVisitsJob = defineJob({
  name: "read-site-visits",
  payload: z.object({ orderId: z.uuid() }),
  retryLimit: 1,
  retryDelaySeconds: 300,
  expireInSeconds: 900,
  concurrency: 2,
  handle: async ({ orderId }, ctx) => {
    const order = await findOrder(ctx.db, orderId);
    if (order?.planId !== "business") return;
    const days = await readSiteVisits(ctx, order);
    const dashboard = await pushSiteVisits(ctx, order);
    ctx.log.info({ orderId, days, dashboard }, "site visits read");
  },
});

/** Queues a reading of the site's visit log; one at a time per site (the order page asks too). */
export async function queueVisitReading(ctx: Pick<Context, "queue">, orderId: string): Promise<boolean> {
  const id = await ctx.queue.send(
    readSiteVisitsJob,
    { orderId },
    { singletonKey: `read-site-visits:${orderId}`, singletonSeconds: 60 },
  );
  return id !== null;
}

/**
 * On VISITS_SCHEDULE (hourly by default): every live Business site's log is read; each host
 * deletes logs older than 13 months, and figures that old go too.
 */
export const readAllSiteVisitsJob = defineJob({
  name: "read-all-site-visits",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 600,
  expireInSeconds: 600,
  cron: (ctx) => (ctx.config.VISITS_SCHEDULE === "off" ? undefined : ctx.config.VISITS_SCHEDULE),
  handle: async (_payload, ctx) => {
    for (const { host, name } of ctx.wordpress.all) {
      await host.pruneVisitLogs().catch((err) => ctx.log.warn({ err, host: name }, "visit logs not pruned"));
    }
    await forgetOldVisits(ctx);
    const live = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(sites, eq(sites.orderId, orders.id))
      .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
      .where(and(liveSite, eq(orders.planId, "business")));
    for (const site of live) await queueVisitReading(ctx, site.id);
    ctx.log.info({ queued: live.length }, "site visits queued");
  },
});
