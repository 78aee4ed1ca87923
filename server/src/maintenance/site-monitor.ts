import { randomUUID } from "node:crypto";
import { formatDateTime } from "@lagon/contracts/french-date";
import { formatDuration } from "@lagon/contracts/maintenance";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { type Order, siteDowntimes } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { getSites, leaseHeld } from "../sites/sites-table.ts";
import { alertAgency } from "./alerts.ts";
import { type Answer, checkHome } from "./site-answers.ts";
import { ensureSiteMaintenance, updateSiteMaintenance } from "./site-maintenance-table.ts";
import { liveSites } from "./versions.ts";

/** Failed checks in a row that make a downtime: one alone may be a blip. */
export const FAILED_CHECKS_FOR_DOWNTIME = 2;
/** Sites checked at once. */
const PARALLEL_CHECKS = 8;

/**
 * Checks every live site (MONITOR_SCHEDULE, every 5 minutes by default). A site busy with a job
 * (an update swaps its folders, a reinstall replaces it) is left for the next pass.
 */
export const monitorSitesJob = defineJob({
  name: "monitor-sites",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 1800,
  cron: (ctx) => (ctx.config.MONITOR_SCHEDULE === "off" ? undefined : ctx.config.MONITOR_SCHEDULE),
  handle: async (_payload, ctx) => {
    const { checked, down } = await monitorSites(ctx);
    if (down > 0) ctx.log.warn({ checked, down }, "monitoring: sites not answering");
  },
});

export async function monitorSites(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress" | "log">,
  now = () => new Date(),
): Promise<{ checked: number; down: number }> {
  const live = await liveSites(ctx);
  // Every site's host and lease in one query, not one per site.
  const hosted = await getSites(
    ctx.db,
    live.map((order) => order.id),
  );
  const sites = live.filter((order) => !leaseHeld(hosted.get(order.id) ?? { leaseUntil: null }));
  let down = 0;
  for (let i = 0; i < sites.length; i += PARALLEL_CHECKS) {
    await Promise.all(
      sites.slice(i, i + PARALLEL_CHECKS).map(async (order) => {
        const answer = await Promise.resolve()
          .then(() =>
            checkHome(ctx.wordpress.hostFor(hosted.get(order.id) ?? { host: null }), order.subdomain),
          )
          .catch((err: Error): Answer => ({ ok: false, reason: err.message }));
        if (!answer.ok) down++;
        await recordCheck(ctx, order, answer, now()).catch((err) =>
          ctx.log.error({ err, subdomain: order.subdomain }, "monitoring: check not recorded"),
        );
      }),
    );
  }
  return { checked: sites.length, down };
}

/**
 * Records one check. The second failure in a row opens a downtime period (from the first
 * failure's time) and alerts the agency, once; the first check that passes closes it and tells
 * the agency the site is back.
 */
export async function recordCheck(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress">,
  order: Order,
  answer: Answer,
  at: Date,
): Promise<void> {
  const state = await ensureSiteMaintenance(ctx.db, order.id);
  const [open] = await ctx.db
    .select()
    .from(siteDowntimes)
    .where(and(eq(siteDowntimes.orderId, order.id), isNull(siteDowntimes.endedAt)));

  if (answer.ok) {
    await updateSiteMaintenance(ctx.db, order.id, {
      lastCheckedAt: at,
      lastCheckOk: true,
      lastReason: null,
      failedChecks: 0,
      firstFailedAt: null,
    });
    if (!open) return;
    await ctx.db.update(siteDowntimes).set({ endedAt: at }).where(eq(siteDowntimes.id, open.id));
    const duration = formatDuration(at.getTime() - open.startedAt.getTime());
    await addOrderLog(ctx.db, order.id, {
      level: "info",
      action: "monitoring",
      details: `Le site répond à nouveau, après ${duration} hors ligne.`,
    });
    await alertAgency(ctx, order, "site_up_agency", {
      since: formatDateTime(open.startedAt),
      until: formatDateTime(at),
      duration,
    });
    return;
  }

  const failedChecks = (state?.failedChecks ?? 0) + 1;
  const firstFailedAt = state?.firstFailedAt ?? at;
  await updateSiteMaintenance(ctx.db, order.id, {
    lastCheckedAt: at,
    lastCheckOk: false,
    lastReason: answer.reason,
    failedChecks,
    firstFailedAt,
  });
  if (open || failedChecks < FAILED_CHECKS_FOR_DOWNTIME) return;
  await ctx.db
    .insert(siteDowntimes)
    .values({ id: randomUUID(), orderId: order.id, startedAt: firstFailedAt, reason: answer.reason });
  await addOrderLog(ctx.db, order.id, {
    level: "error",
    action: "monitoring",
    details: `Le site ne répond plus depuis le ${formatDateTime(firstFailedAt)} : ${answer.reason}.`,
  });
  await alertAgency(ctx, order, "site_down_agency", {
    since: formatDateTime(firstFailedAt),
    reason: answer.reason,
    checks: String(failedChecks),
  });
}
