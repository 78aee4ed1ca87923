import type { SubscriptionStatus } from "@lagon/contracts/subscriptions";
import type { SubscriptionView } from "@lagon/contracts/subscriptions-schemas";
import { inArray } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, type Subscription, subscriptions } from "../db/schema.ts";
import { orderMailInUse } from "../mailboxes/plan-mail.ts";
import { billingNow } from "./billing-clock.ts";
import { subscriptionView } from "./subscription-view.ts";

/** The order page's subscription block, from the row read with the order (order-access.ts). */
export async function customerSubscription(
  ctx: Pick<Context, "config" | "db" | "payments">,
  order: Order,
  sub: Subscription | null,
): Promise<SubscriptionView | null> {
  if (!sub) return null;
  const mail = sub.status === "active" ? await orderMailInUse(ctx, order.id) : undefined;
  return subscriptionView(ctx, sub, order, await billingNow(ctx), ctx.payments.billingCalendar, mail);
}

/** Each site's subscription status, for the site switcher. */
export async function subscriptionStatuses(
  ctx: Pick<Context, "db">,
  orderIds: string[],
): Promise<Map<string, SubscriptionStatus>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ orderId: subscriptions.orderId, status: subscriptions.status })
    .from(subscriptions)
    .where(inArray(subscriptions.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r.status]));
}
