import { DAY_MS } from "@lagon/contracts/billing-dates";
import { computeTotals, netOfTotal } from "@lagon/contracts/money";
import { type PlanId, planIds } from "@lagon/contracts/plans";
import { checkoutLines } from "@lagon/contracts/pricing";
import { isBusinessBuyer, taxRuleById, taxRuleFor } from "@lagon/contracts/tax";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders, subscriptionInvoices, subscriptions } from "../db/schema.ts";
import { NON_PAYMENT } from "../subscriptions/payment-outcomes.ts";
import { isPlanId } from "../subscriptions/subscription-view.ts";

export const CHURN_DAYS = 30;

/**
 * A plan's month HT after the order's coupon, as the checkout and every renewal bill it
 * (pricing.ts). The net does not depend on the VAT rate: any rule gives it.
 */
function monthlyNetCents(planId: PlanId, percentOff: number): number {
  return computeTotals(checkoutLines({ planId, percentOff, koza: false }, taxRuleById("dom"))).netCents;
}

/**
 * Monthly recurring revenue per plan, HT: each `active` subscription at its current plan's
 * price less its order's coupon. A cancellation scheduled later still counts until it takes
 * effect; a subscription past due, suspended, cancelled or archived does not (its money is not
 * coming in: past due has its own figure).
 */
export async function mrrByPlan(ctx: Pick<Context, "db">): Promise<Map<PlanId, number>> {
  const groups = await ctx.db
    .select({
      planId: subscriptions.planId,
      percentOff: orders.discountPercent,
      n: sql`count(*)`.mapWith(Number),
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.status, "active"))
    .groupBy(subscriptions.planId, orders.discountPercent);
  const mrr = new Map<PlanId, number>(planIds.map((id) => [id, 0]));
  for (const g of groups) {
    if (!isPlanId(g.planId)) continue;
    mrr.set(g.planId, (mrr.get(g.planId) ?? 0) + g.n * monthlyNetCents(g.planId, g.percentOff));
  }
  return mrr;
}

export interface Churn {
  /** Subscriptions running at the window's start that ended within it. */
  ended: number;
  /** Subscriptions running at the window's start. */
  activeAtStart: number;
  /** ended / activeAtStart; null when none was running. */
  rate: number | null;
}

/**
 * Churn over the CHURN_DAYS days before `now`, window start S = now - 30 days:
 * - a subscription starts when its order was paid (`orders.created_at`);
 * - it has ended when its status is `cancelled` or `archived` (at the earlier of its effective
 *   cancellation `cancel_at` and its suspension for non-payment `suspended_at`; failing both, at
 *   its archival), or `suspended` for non-payment (at `suspended_at`). A suspension by the agency
 *   is a pause, not an end; a subscription that paid again is running, whatever happened before;
 * - running at S: started before S and not ended before S;
 * - churn = (running at S and ended in [S, now]) / (running at S). Subscriptions started within
 *   the window are in neither count.
 * From the subscriptions' current rows: no history table is needed, at the price that one that
 * ended and was revived within the window does not count as churned.
 */
export async function churnOver30Days(ctx: Pick<Context, "db">, now: Date): Promise<Churn> {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const start = at(new Date(now.getTime() - CHURN_DAYS * DAY_MS));
  const s = subscriptions;
  const endedAt = sql`case
    when ${s.status} in ('cancelled', 'archived')
      then coalesce(least(${s.cancelAt}, ${s.suspendedAt}), ${s.archivedAt}, ${s.updatedAt})
    when ${s.status} = 'suspended' and ${s.suspendReason} = ${NON_PAYMENT} then ${s.suspendedAt}
  end`;
  const [row] = await ctx.db
    .select({
      ended: sql`count(*) filter (where ${endedAt} <= ${at(now)})`.mapWith(Number),
      activeAtStart: sql`count(*)`.mapWith(Number),
    })
    .from(s)
    .innerJoin(orders, eq(orders.id, s.orderId))
    .where(sql`${orders.createdAt} < ${start} and (${endedAt} is null or ${endedAt} >= ${start})`);
  const ended = row?.ended ?? 0;
  const activeAtStart = row?.activeAtStart ?? 0;
  return { ended, activeAtStart, rate: activeAtStart > 0 ? ended / activeAtStart : null };
}

/**
 * What the subscriptions `past_due` owe: their open invoices (a failed renewal, retried during
 * the grace period), HT at their buyer's rate. Suspended ones are not counted: they have left
 * the grace period and count as churn.
 */
export async function pastDue(
  ctx: Pick<Context, "db" | "config">,
): Promise<{ amountCents: number; subscriptions: number }> {
  const open = await ctx.db
    .select({
      orderId: subscriptionInvoices.orderId,
      totalCents: subscriptionInvoices.amountTtcCents,
      country: orders.country,
      siret: orders.siret,
      vatNumber: orders.vatNumber,
    })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.orderId, subscriptionInvoices.orderId))
    .innerJoin(orders, eq(orders.id, subscriptionInvoices.orderId))
    .where(and(eq(subscriptions.status, "past_due"), eq(subscriptionInvoices.status, "open")));
  let amountCents = 0;
  for (const invoice of open) {
    const business = isBusinessBuyer({ siret: invoice.siret, vat_number: invoice.vatNumber });
    const rule = taxRuleFor(invoice.country, business, ctx.config);
    amountCents += netOfTotal(invoice.totalCents, rule.rateBasisPoints);
  }
  const [count] = await ctx.db
    .select({ n: sql`count(*)`.mapWith(Number) })
    .from(subscriptions)
    .where(eq(subscriptions.status, "past_due"));
  return { amountCents, subscriptions: count?.n ?? 0 };
}
