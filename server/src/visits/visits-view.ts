import { formatIsoDate } from "@lagon/contracts/french-date";
import { VISIT_GRAINS } from "@lagon/contracts/visits";
import type { VisitsView } from "@lagon/contracts/visits-schemas";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, siteVisitAnalyses, siteVisitDays } from "../db/schema.ts";
import { orderStatus } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { distinctVisitors } from "./distinct-visitors.ts";
import { firstShown, visitSeries } from "./visit-series.ts";
import { queueVisitReading } from "./visits-jobs.ts";

/** The order page asks for a new reading when the last one is older than this (one a minute at most). */
export const FRESH_MS = 60_000;

/**
 * The order page's visit statistics: a Business site's figures of the last 30 days, 13 weeks and
 * 13 months; a reading of its log is queued when the last one is more than a minute old
 * (GoAccess runs in a job, never in this request). Other plans get no figure.
 */
export async function visitsView(
  ctx: Pick<Context, "db" | "queue">,
  order: Order,
  now = new Date(),
): Promise<VisitsView> {
  if (order.planId !== "business") return { included: false };
  const today = formatIsoDate(now);
  const [analysis] = await ctx.db
    .select()
    .from(siteVisitAnalyses)
    .where(eq(siteVisitAnalyses.orderId, order.id));
  const stale = !analysis || now.getTime() - analysis.analysedAt.getTime() > FRESH_MS;
  const refreshing = stale && orderStatus(order, await getSite(ctx.db, order.id)) === "active";
  if (refreshing) await queueVisitReading(ctx, order.id);
  const days = await ctx.db
    .select()
    .from(siteVisitDays)
    .where(and(eq(siteVisitDays.orderId, order.id), gte(siteVisitDays.day, firstShown("month", today))))
    .orderBy(asc(siteVisitDays.day));
  return {
    included: true,
    analysed_at: analysis?.analysedAt.toISOString() ?? null,
    refreshing,
    distinct_visitors: await distinctVisitors(ctx, order, today),
    series: VISIT_GRAINS.map((grain) => visitSeries(grain, days, today)),
  };
}
