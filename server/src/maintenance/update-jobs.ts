import { type UpdateTrigger, updateMode } from "@lagon/contracts/maintenance";
import type { PlanId } from "@lagon/contracts/plans";
import { z } from "zod";
import type { Context } from "../context.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { claimOrderLease } from "../jobs/order-lease.ts";
import { jobPending } from "../jobs/site-job.ts";
import { findOrder } from "../orders/orders-table.ts";
import { queueScreenshot } from "../screenshots/screenshot-jobs.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { updateSite } from "./update-site.ts";
import { isLive, liveSites, recordVersions } from "./versions.ts";

/** One update of one site, never while another job works on it (the order's lease). */
export const updateSiteJob = defineJob({
  name: "update-site",
  payload: z.object({ orderId: z.uuid(), trigger: z.enum(["schedule", "customer", "admin"]) }),
  // A site busy with another job is tried again later.
  retryLimit: 5,
  retryDelaySeconds: 300,
  expireInSeconds: 3 * 3600,
  handle: async ({ orderId, trigger }, ctx, job) => {
    const order = await findOrder(ctx.db, orderId);
    if (!order || !(await isLive(ctx, orderId))) return;
    const lease = await claimOrderLease(ctx, orderId, job);
    if (!lease) throw new Error("Une autre tâche travaille sur ce site : mise à jour reportée.");
    try {
      if (await updateSite(ctx, order, trigger, lease)) await queueScreenshot(ctx, orderId);
    } finally {
      await lease.release();
    }
  },
});

/** Queues one site's update; null when one is already waiting for it or running. */
export async function queueSiteUpdate(
  ctx: Pick<Context, "database" | "queue">,
  orderId: string,
  trigger: UpdateTrigger,
): Promise<string | null> {
  if (await updatePending(ctx, orderId)) return null;
  return ctx.queue.send(updateSiteJob, { orderId, trigger }, { singletonKey: updateKey(orderId) });
}

const updateKey = (orderId: string) => `update-site:${orderId}`;

/** Whether an update of the site is queued or running. */
export function updatePending(ctx: Pick<Context, "database">, orderId: string): Promise<boolean> {
  return jobPending(ctx, updateSiteJob.name, updateKey(orderId));
}

/**
 * The nightly pass (MAINTENANCE_SCHEDULE): queues the update of every live Starter and Business
 * site; Libre sites ("mises à jour manuelles") only get their versions read, so that the order
 * page offers the update when the template is newer.
 */
export const updateSitesJob = defineJob({
  name: "update-sites",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 600,
  expireInSeconds: 3600,
  cron: (ctx) => (ctx.config.MAINTENANCE_SCHEDULE === "off" ? undefined : ctx.config.MAINTENANCE_SCHEDULE),
  handle: async (_payload, ctx) => {
    const { queued, read } = await planNightlyUpdates(ctx);
    ctx.log.info({ queued, read }, "nightly updates planned");
  },
});

export async function planNightlyUpdates(
  ctx: Pick<Context, "database" | "db" | "queue" | "wordpress" | "log">,
): Promise<{ queued: number; read: number }> {
  let queued = 0;
  let read = 0;
  for (const order of await liveSites(ctx)) {
    if (updateMode(order.planId as PlanId) === "automatic") {
      if (await queueSiteUpdate(ctx, order.id, "schedule")) queued++;
      continue;
    }
    try {
      await recordVersions(ctx, order.id, await (await siteHostOf(ctx, order.id)).versions(order.subdomain));
      read++;
    } catch (err) {
      ctx.log.warn({ err, subdomain: order.subdomain }, "versions not read");
    }
  }
  return { queued, read };
}
