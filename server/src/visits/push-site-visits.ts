import { formatIsoDate } from "@lagon/contracts/french-date";
import { and, eq, gte } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, siteVisitDays } from "../db/schema.ts";
import { siteAdminRest } from "../sites/site-of.ts";
import { distinctVisitors } from "./distinct-visitors.ts";
import { addDays } from "./read-site-visits.ts";
import { visitSeries } from "./visit-series.ts";

/** What the WordPress dashboard's widget draws (mu-plugin lagon-visites.php). */
export interface DashboardVisits {
  updated_at: string;
  days: { date: string; visitors: number; page_views: number }[];
  visitors: number;
  page_views: number;
  /** Distinct visitors of the last 7 and 30 days, as the order page gives them (decision 0086). */
  distinct_visitors: { last_7_days: number; last_30_days: number };
  /** The first five, [name, visitors]. */
  pages: [string, number][];
  referrers: [string, number][];
}

/** A Business site's last 30 days for its dashboard; null for another plan (no widget). */
export async function dashboardVisits(
  ctx: Pick<Context, "db">,
  order: Order,
  now = new Date(),
): Promise<DashboardVisits | null> {
  if (order.planId !== "business") return null;
  const today = formatIsoDate(now);
  const rows = await ctx.db
    .select()
    .from(siteVisitDays)
    .where(and(eq(siteVisitDays.orderId, order.id), gte(siteVisitDays.day, addDays(today, -29))));
  const series = visitSeries("day", rows, today);
  const firstFive = (list: typeof series.pages): [string, number][] =>
    list.slice(0, 5).map(([name, visitors]) => [name.slice(0, 200), visitors]);
  return {
    updated_at: now.toISOString(),
    days: series.periods.map((p) => ({ date: p.start, visitors: p.visitors, page_views: p.page_views })),
    visitors: series.visitors,
    page_views: series.page_views,
    distinct_visitors: await distinctVisitors(ctx, order, today),
    pages: firstFive(series.pages),
    referrers: firstFive(series.referrers),
  };
}

/**
 * Gives the site's WordPress dashboard its figures (decision 0072): the platform writes them
 * through the site's REST API as its admin, after each reading and on a plan change; the site
 * never calls the platform and holds no credential of it. A site that refuses (down, or made
 * before the widget existed) keeps what it had: the order page has the figures anyway.
 */
export async function pushSiteVisits(
  ctx: Pick<Context, "db" | "secrets" | "wordpress" | "log">,
  order: Order,
): Promise<boolean> {
  const wp = await siteAdminRest(ctx, order);
  if (!wp) return false;
  try {
    await wp.json("PUT", "/lagon/v1/visites", { figures: await dashboardVisits(ctx, order) });
    return true;
  } catch (err) {
    ctx.log.warn({ err, orderId: order.id }, "dashboard visits not given to the site");
    return false;
  }
}
