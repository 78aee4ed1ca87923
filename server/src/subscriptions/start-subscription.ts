import { randomUUID } from "node:crypto";
import { addMonths } from "@lagon/contracts/billing-dates";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { billingNow } from "./billing-clock.ts";
import { insertSubscriptionInvoiceOnce } from "./subscription-invoices-table.ts";
import { isPlanId, type PricedOrder, planAmountTtcCents } from "./subscription-view.ts";
import { insertSubscriptionOnce } from "./subscriptions-table.ts";

/**
 * The subscription of a new paid order, once (a second call changes nothing): active, its first
 * month paid at checkout, renewing on the day of the payment (billing-dates.ts). `testCard` is
 * the local checkout's card; Stripe's own subscription follows through its events.
 */
export async function startSubscription(
  ctx: Pick<Context, "db" | "payments" | "config">,
  order: Pick<Order, "id" | "planId"> & PricedOrder,
  testCard?: string | null,
): Promise<void> {
  if (!isPlanId(order.planId)) throw new Error(`unknown plan ${order.planId}`);
  const now = await billingNow(ctx);
  const periodEnd = addMonths(now, 1);
  const amount = planAmountTtcCents(ctx, order, order.planId);
  const started = await insertSubscriptionOnce(ctx.db, {
    orderId: order.id,
    status: "active",
    planId: order.planId,
    amountTtcCents: amount,
    billingAnchor: now,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    testCard: ctx.payments.productBills ? (testCard ?? null) : null,
  });
  if (!started) return;
  await insertSubscriptionInvoiceOnce(ctx.db, {
    id: randomUUID(),
    orderId: order.id,
    kind: "first",
    planId: order.planId,
    amountTtcCents: amount,
    periodStart: now,
    periodEnd,
    status: "paid",
    attempts: 1,
    paidAt: now,
  });
}
