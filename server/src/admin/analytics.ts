import type { Analytics } from "@lagon/contracts/admin";
import { PLANS } from "@lagon/contracts/plans";
import { sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions, orders } from "../db/schema.ts";

const GROWTH_DAYS = 30;

/**
 * The agency's figures. Revenue counts each active order at its plan's monthly price
 * (Libre 15, Starter 20, Business 50); the month's revenue is that of orders made this month.
 */
export async function computeAnalytics(ctx: Context): Promise<Analytics> {
  const priceCase = sql.raw(
    `case ${PLANS.map((p) => `when plan_id = '${p.id}' then ${p.price}`).join(" ")} else 0 end`,
  );
  const [stats] = await ctx.db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where status = 'active')`.mapWith(Number),
      processing: sql<number>`count(*) filter (where status in ('pending', 'processing'))`.mapWith(Number),
      error: sql<number>`count(*) filter (where status = 'error')`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${priceCase}) filter (where status = 'active'), 0)`.mapWith(Number),
      monthly: sql<number>`coalesce(sum(${priceCase}) filter (where status = 'active'
        and created_at >= date_trunc('month', now() at time zone 'Indian/Reunion') at time zone 'Indian/Reunion'), 0)`.mapWith(
        Number,
      ),
      paid: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders);

  const byPlan = await ctx.db
    .select({ planId: orders.planId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(sql`status = 'active'`)
    .groupBy(orders.planId);

  const growth = (await ctx.db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date, count(o.id)::int as count
    from generate_series(
      (now() at time zone 'Indian/Reunion')::date - ${GROWTH_DAYS - 1}::int,
      (now() at time zone 'Indian/Reunion')::date,
      interval '1 day'
    ) as d(day)
    left join ${orders} o on (o.created_at at time zone 'Indian/Reunion')::date = d.day::date
    group by d.day order by d.day`)) as unknown as { rows: { date: string; count: number }[] };

  const [opened] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(checkoutSessions)
    .where(sql`kind = 'order'`);

  const s = stats ?? { total: 0, active: 0, processing: 0, error: 0, revenue: 0, monthly: 0, paid: 0 };
  return {
    stats: {
      total_orders: s.total,
      active_orders: s.active,
      processing_orders: s.processing,
      error_orders: s.error,
      total_revenue: s.revenue,
      monthly_revenue: s.monthly,
    },
    revenue_by_plan: PLANS.map((p) => {
      const n = byPlan.find((r) => r.planId === p.id)?.count ?? 0;
      return { _id: p.name, count: n, revenue: n * p.price };
    }),
    growth_data: growth.rows.map((r) => ({ date: r.date, count: Number(r.count) })),
    mrr: s.revenue,
    funnel: { checkouts_opened: Math.max(opened?.n ?? 0, s.paid), paid: s.paid, live: s.active },
  };
}
