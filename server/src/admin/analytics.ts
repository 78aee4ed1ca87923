import type { Analytics } from "@lagon/contracts/admin-schemas";
import { AGENCY_TIME_ZONE } from "@lagon/contracts/french-date";
import { PLANS } from "@lagon/contracts/plans";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions, orders } from "../db/schema.ts";

const GROWTH_DAYS = 30;
const zone = sql.raw(`'${AGENCY_TIME_ZONE}'`);

/**
 * The agency's figures (spec section 9). Revenue counts each active order at its plan's monthly
 * price (Libre 15, Starter 20, Business 50), so the total is also the MRR; the month's revenue
 * is that of the active orders made this month (Réunion time). The plan breakdown counts active
 * orders, and its share is taken against the active count. One scan of the orders, one range of
 * the created_at index for the 30 days, one count of the checkouts.
 */
export async function computeAnalytics(ctx: Context): Promise<Analytics> {
  // A scalar subquery, so the month's start is computed once and not for every row.
  const monthStart = sql`(select date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`;
  const groups = await ctx.db
    .select({
      status: orders.status,
      planId: orders.planId,
      n: sql<number>`count(*)`.mapWith(Number),
      thisMonth: sql<number>`count(*) filter (where ${orders.createdAt} >= ${monthStart})`.mapWith(Number),
    })
    .from(orders)
    .groupBy(orders.status, orders.planId);

  const firstDay = sql`(now() at time zone ${zone})::date - ${GROWTH_DAYS - 1}::int`;
  const growth = (await ctx.db.execute(sql`
    with per_day as (
      select (${orders.createdAt} at time zone ${zone})::date as day, count(*)::int as n
      from ${orders}
      where ${orders.createdAt} >= (${firstDay})::timestamp at time zone ${zone}
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(per_day.n, 0) as count
    from generate_series(${firstDay}, (now() at time zone ${zone})::date, interval '1 day') as d(day)
    left join per_day on per_day.day = d.day::date
    order by d.day`)) as unknown as { rows: { date: string; count: number }[] };

  const [opened] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.kind, "order"));

  const price = (planId: string) => (PLANS.find((p) => p.id === planId)?.priceCents ?? 0) / 100;
  type Group = (typeof groups)[number];
  const count = (keep: (g: Group) => boolean, value = (g: Group) => g.n) =>
    groups.filter(keep).reduce((acc, g) => acc + value(g), 0);
  const isActive = (g: Group) => g.status === "active";
  const total = count(() => true);
  const active = count(isActive);
  const revenue = count(isActive, (g) => g.n * price(g.planId));
  return {
    stats: {
      total_orders: total,
      active_orders: active,
      processing_orders: count((g) => g.status === "pending" || g.status === "processing"),
      error_orders: count((g) => g.status === "error"),
      total_revenue: revenue,
      monthly_revenue: count(isActive, (g) => g.thisMonth * price(g.planId)),
    },
    revenue_by_plan: PLANS.map((p) => {
      const n = count((g) => isActive(g) && g.planId === p.id);
      return { _id: p.name, count: n, revenue: (n * p.priceCents) / 100 };
    }),
    growth_data: growth.rows.map((r) => ({ date: r.date, count: Number(r.count) })),
    mrr: revenue,
    // Orders made without a checkout of this platform (imports) still count as opened.
    funnel: { checkouts_opened: Math.max(opened?.n ?? 0, total), paid: total, live: active },
  };
}
