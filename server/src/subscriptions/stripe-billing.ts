import type { PlanId } from "@lagon/contracts/plans";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import type { orders } from "../db/schema.ts";
import { StripePaymentProvider } from "../payments/stripe-payment-provider.ts";

type Order = typeof orders.$inferSelect;

/** The Stripe SDK when Stripe is the provider (Stripe then stays the truth of subscriptions). */
export function stripeClient(ctx: Pick<Context, "payments">): Stripe | undefined {
  return ctx.payments instanceof StripePaymentProvider ? ctx.payments.client : undefined;
}

export function stripePriceId(ctx: Pick<Context, "config">, planId: PlanId): string {
  return {
    starter: ctx.config.STRIPE_PRICE_STARTER,
    business: ctx.config.STRIPE_PRICE_BUSINESS,
    libre: ctx.config.STRIPE_PRICE_LIBRE,
  }[planId];
}

/** Our plan for a Stripe price id, if it is one of ours. */
export function planOfPrice(ctx: Pick<Context, "config">, priceId: string | undefined): PlanId | undefined {
  const plans: PlanId[] = ["starter", "business", "libre"];
  return plans.find((p) => stripePriceId(ctx, p) === priceId);
}

function subscriptionId(order: Order): string {
  if (!order.stripeSubscriptionId) throw new Error(`order ${order.id} has no Stripe subscription`);
  return order.stripeSubscriptionId;
}

/** Cancels at `at` (the end of a period), or lifts a scheduled cancellation (null). */
export async function stripeCancelAt(stripe: Stripe, order: Order, at: Date | null): Promise<void> {
  await stripe.subscriptions.update(subscriptionId(order), {
    cancel_at: at ? Math.floor(at.getTime() / 1000) : "",
  } as Stripe.SubscriptionUpdateParams);
}

export async function stripeCancelNow(stripe: Stripe, order: Order): Promise<void> {
  await stripe.subscriptions.cancel(subscriptionId(order));
}

/**
 * Moves the subscription to another price: an upgrade invoices the prorated difference at once,
 * a downgrade changes nothing of the period paid for and bills the new price from the next one.
 */
export async function stripeChangePrice(
  stripe: Stripe,
  order: Order,
  priceId: string,
  upgrade: boolean,
): Promise<void> {
  const current = await stripe.subscriptions.retrieve(subscriptionId(order));
  const item = current.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${current.id} has no item`);
  await stripe.subscriptions.update(current.id, {
    items: [{ id: item.id, price: priceId }],
    proration_behavior: upgrade ? "always_invoice" : "none",
    ...(upgrade ? { payment_behavior: "error_if_incomplete" as const } : {}),
  });
}

/** Stripe's Customer Portal, back to the order page. */
export async function stripePortalUrl(stripe: Stripe, order: Order, returnUrl: string): Promise<string> {
  if (!order.stripeCustomerId) throw new Error(`order ${order.id} has no Stripe customer`);
  const session = await stripe.billingPortal.sessions.create({
    customer: order.stripeCustomerId,
    return_url: returnUrl,
    locale: "fr",
  });
  return session.url;
}
