import type { Analytics } from "@lagon/contracts/admin-schemas";
import { AGENCY_TIME_ZONE } from "@lagon/contracts/french-date";
import { PLANS } from "@lagon/contracts/plans";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions, orders, sites } from "../db/schema.ts";
import { orderStatusSql } from "../orders/orders-table.ts";
import { billingNow } from "../subscriptions/billing-clock.ts";
import { collectedRevenue } from "./collected-revenue.ts";
import { churnOver30Days, mrrByPlan, pastDue } from "./subscription-figures.ts";

const GROWTH_DAYS = 30;
const zone = sql.raw(`'${AGENCY_TIME_ZONE}'`);

/** Euros with at most two decimals, from integer cents. */
const euros = (cents: number) => cents / 100;

/**
 * The agency's figures (spec section 3, decision 0036). The orders give the counts, the plan
 * breakdown's live sites, the 30-day growth and the funnel; the money comes from where it is
 * recorded: revenue from our invoices and credit notes (collected-revenue.ts), MRR, churn and
 * past due from the subscriptions (subscription-figures.ts), at the billing clock's "now" (real
 * time except offline with the test clock moved). One scan of the orders, one range of the
 * created_at index for the 30 days, one count of the customers and one of the checkouts, one pass over the invoices, three
 * over the subscriptions.
 */
export async function computeAnalytics(ctx: Pick<Context, "config" | "db" | "payments">): Promise<Analytics> {
  const now = await billingNow(ctx);
  const groups = await ctx.db
    .select({
      status: orderStatusSql,
      planId: orders.planId,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(sites, eq(sites.orderId, orders.id))
    .groupBy(orderStatusSql, orders.planId);

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

  // One customer owns several sites: customers are told apart by their e-mail address.
  const email = sql`lower(${orders.customerEmail})`;
  const [customers] = await ctx.db
    .select({
      total: sql<number>`count(distinct ${email})`.mapWith(Number),
      active: sql<number>`count(distinct ${email}) filter (where ${orderStatusSql} = 'active')`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .leftJoin(sites, eq(sites.orderId, orders.id));

  const [opened] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.kind, "order"));

  const revenue = await collectedRevenue(ctx, now);
  const mrr = await mrrByPlan(ctx);
  const churn = await churnOver30Days(ctx, now);
  const late = await pastDue(ctx);

  type Group = (typeof groups)[number];
  const count = (keep: (g: Group) => boolean) => groups.filter(keep).reduce((acc, g) => acc + g.n, 0);
  const isActive = (g: Group) => g.status === "active";
  const total = count(() => true);
  const active = count(isActive);
  return {
    stats: {
      total_orders: total,
      active_orders: active,
      total_customers: customers?.total ?? 0,
      active_customers: customers?.active ?? 0,
      processing_orders: count((g) => g.status === "pending" || g.status === "processing"),
      error_orders: count((g) => g.status === "error"),
      total_revenue: euros(revenue.totalCents),
      monthly_revenue: euros(revenue.series.at(-1)?.cents ?? 0),
    },
    revenue_by_plan: PLANS.map((p) => ({
      _id: p.name,
      count: count((g) => isActive(g) && g.planId === p.id),
      revenue: euros(mrr.get(p.id) ?? 0),
    })),
    growth_data: growth.rows.map((r) => ({ date: r.date, count: Number(r.count) })),
    mrr: euros([...mrr.values()].reduce((a, b) => a + b, 0)),
    churn_rate: churn.rate,
    churn: { ended: churn.ended, active_at_start: churn.activeAtStart },
    past_due_amount: euros(late.amountCents),
    past_due_count: late.subscriptions,
    revenue_series: revenue.series.map((m) => ({ month: m.month, revenue: euros(m.cents) })),
    // Orders made without a checkout of this platform (imports) still count as opened.
    funnel: { checkouts_opened: Math.max(opened?.n ?? 0, total), paid: total, live: active },
  };
}
