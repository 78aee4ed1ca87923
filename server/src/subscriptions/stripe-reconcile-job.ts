import { and, eq, isNotNull, notInArray } from "drizzle-orm";
import type Stripe from "stripe";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orders, subscriptions } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderOfStripeSubscription } from "./stripe-billing.ts";
import { syncStripeSubscription } from "./stripe-sync.ts";

/**
 * Every subscription Stripe has, compared with ours and repaired where they drifted apart (a
 * webhook lost or refused for days): each repair goes to the order's logs and the server's.
 * Answers how many orders were repaired.
 */
export async function reconcileWithStripe(ctx: Context, stripe: Stripe): Promise<number> {
  let repaired = 0;
  const seen = new Set<string>();
  for await (const listed of stripe.subscriptions.list({ status: "all", limit: 100 })) {
    seen.add(listed.id);
    const order = await orderOfStripeSubscription(ctx, listed.id);
    if (!order) continue;
    try {
      const changes = await syncStripeSubscription(ctx, stripe, order);
      if (changes.length === 0) continue;
      repaired += 1;
      ctx.log.warn({ orderId: order.id, changes }, "stripe reconciliation repaired a subscription");
      await addOrderLog(ctx.db, order.id, {
        level: "warning",
        action: "stripe-reconciliation",
        details: `Rattrapage quotidien avec Stripe (un webhook manquait) : ${changes.join(" ; ")}.`,
      });
    } catch (err) {
      ctx.log.error({ err, orderId: order.id }, "stripe reconciliation failed for a subscription");
    }
  }
  const missing = await ctx.db
    .select({ id: orders.id, stripeSubscriptionId: orders.stripeSubscriptionId })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(
      and(
        isNotNull(orders.stripeSubscriptionId),
        notInArray(subscriptions.status, ["cancelled", "archived"]),
      ),
    );
  for (const order of missing) {
    if (order.stripeSubscriptionId && !seen.has(order.stripeSubscriptionId)) {
      ctx.log.error(
        { orderId: order.id },
        "stripe reconciliation: Stripe does not list this order's subscription",
      );
    }
  }
  return repaired;
}

/** Once a day (04:17 UTC, 08:17 in La Réunion), with Stripe only: offline the product bills itself. */
export const stripeReconcileJob = defineJob({
  name: "stripe-reconcile",
  payload: z.object({}).passthrough(),
  retryLimit: 3,
  retryDelaySeconds: 600,
  expireInSeconds: 60 * 60,
  cron: () => "17 4 * * *",
  async handle(_payload, ctx) {
    const stripe = ctx.payments.stripe;
    if (!stripe) return;
    const repaired = await reconcileWithStripe(ctx, stripe);
    ctx.log.info({ repaired }, "stripe reconciliation done");
  },
});
