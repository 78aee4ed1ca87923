import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orders, type SiteStepKey, sites } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { claimOrderLease, LeaseLost } from "../jobs/order-lease.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { findOrder, orderStatusSql } from "../orders/orders-table.ts";
import { getSite, setSiteStep, updateSite } from "../sites/sites-table.ts";
import { PROVISIONING_STEPS } from "./provisioning-steps.ts";

/**
 * Tests that kill the process in the middle of a step set this to widen each step, or only the
 * step FAULT_INJECTION_STEP names; it is honoured only when NODE_ENV is "test".
 */
async function faultInjectionPause(step: SiteStepKey): Promise<void> {
  if (process.env.NODE_ENV !== "test") return;
  const only = process.env.FAULT_INJECTION_STEP;
  const ms = only && only !== step ? 0 : Number(process.env.FAULT_INJECTION_STEP_PAUSE_MS ?? 0);
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

/**
 * Takes a paid order to a live site: the subdomain, wordpress and email steps in turn. Each
 * finished step is skipped on a later run, so a retry or a resume never repeats one. The
 * order's lease, renewed while a step runs however long, keeps every other worker off it; a
 * run that finds the lease held by a live run leaves the order to it.
 */
export const provisionOrderJob = defineJob({
  name: "provision-order",
  payload: z.object({ orderId: z.uuid() }),
  retryLimit: 4,
  retryDelaySeconds: 2,
  // Far longer than an install over SSH: a dead worker is found by its lease (order-lease.ts).
  expireInSeconds: 3600,
  // Installs are mostly PHP work: a few at once keep both cores busy without thrashing.
  concurrency: 3,
  // A paid order sent by a separate API process (ROLE=api) is found within half a second.
  pollingIntervalSeconds: 0.5,
  async handle({ orderId }, ctx, job) {
    const lease = await claimOrderLease(ctx, orderId, job);
    if (!lease) return;
    let current: SiteStepKey | undefined;
    try {
      const order = await findOrder(ctx.db, orderId);
      const setup = (await getSite(ctx.db, orderId)).setup;
      if (!order || setup === "active") return await lease.release();
      if (setup !== "processing") await updateSite(ctx.db, orderId, { setup: "processing" });
      for (const step of PROVISIONING_STEPS) {
        lease.check();
        const fresh = await findOrder(ctx.db, orderId);
        if (!fresh) return;
        if ((await getSite(ctx.db, orderId)).steps[step.key]?.status === "completed") continue;
        current = step.key;
        await setSiteStep(ctx.db, orderId, step.key, "processing");
        const started = performance.now();
        const details = await step.run(ctx, fresh);
        await faultInjectionPause(step.key);
        const ms = Math.round(performance.now() - started);
        await setSiteStep(ctx.db, orderId, step.key, "completed");
        await addOrderLog(ctx.db, orderId, {
          level: "info",
          action: step.key,
          details: `${details} (${ms} ms)`,
        });
      }
      await updateSite(ctx.db, orderId, { setup: "active", activatedAt: new Date() });
      await lease.release();
      await addOrderLog(ctx.db, orderId, { level: "info", action: "active", details: "Site en ligne." });
    } catch (err) {
      // Another run owns the order now (this one froze past its lease): it carries on alone.
      if (err instanceof LeaseLost) return ctx.log.warn({ orderId }, err.message);
      const message = (err as Error).message ?? String(err);
      const final = job.retryCount >= job.retryLimit;
      await addOrderLog(ctx.db, orderId, {
        level: final ? "error" : "warning",
        action: current ?? "provisioning",
        details: final
          ? `Échec définitif : ${message}`
          : `Échec, nouvelle tentative ${job.retryCount + 1}/${job.retryLimit} : ${message}`,
      });
      if (final) await failOrder(ctx, orderId, current, message);
      await lease.release();
      throw err;
    } finally {
      lease.stop();
    }
  },
});

async function failOrder(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets">,
  orderId: string,
  step: SiteStepKey | undefined,
  message: string,
) {
  if (step) await setSiteStep(ctx.db, orderId, step, "failed", "error");
  else await updateSite(ctx.db, orderId, { setup: "error" });
  const order = await findOrder(ctx.db, orderId);
  if (!order) return;
  await queueEmail(ctx, {
    template: "provisioning_failed_agency",
    to: ctx.config.AGENCY_EMAIL,
    orderId,
    vars: {
      order_id: orderId,
      subdomain: order.subdomain,
      customer_email: order.customerEmail,
      step: step ?? "provisioning",
      error: message,
      admin_url: `${ctx.config.PUBLIC_URL}/admin`,
    },
  });
}

/**
 * Puts every unfinished order back in the queue: run when a worker starts, so orders cut off
 * by a crash or a restart finish by themselves.
 */
export async function resumeUnfinishedOrders(ctx: Pick<Context, "db" | "queue">): Promise<number> {
  const rows = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(sites, eq(sites.orderId, orders.id))
    .where(inArray(orderStatusSql, ["pending", "processing"]));
  for (const row of rows) await ctx.queue.send(provisionOrderJob, { orderId: row.id });
  return rows.length;
}

/** Resumes a failed order from its failed step (the admin's 'Reprendre'). */
export async function resumeFailedOrder(
  ctx: Pick<Context, "db" | "queue">,
  orderId: string,
): Promise<boolean> {
  if ((await getSite(ctx.db, orderId)).setup !== "error") return false;
  await updateSite(ctx.db, orderId, { setup: "processing" });
  await addOrderLog(ctx.db, orderId, { level: "info", action: "resume", details: "Reprise de la commande." });
  await ctx.queue.send(provisionOrderJob, { orderId });
  return true;
}
