import { cancellationEffectiveDate, STRIPE_CALENDAR } from "@lagon/contracts/billing-dates";
import { type PlanId, planById } from "@lagon/contracts/plans";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { findOrderOfStripeSubscription } from "../orders/orders-table.ts";
import { cardDeclined } from "./test-cards.ts";

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

/** Whether `to` costs more than `from` (an upgrade). */
export const costsMore = (to: PlanId, from: PlanId) => planById(to).priceCents > planById(from).priceCents;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
export const fromUnix = (s: number) => new Date(s * 1000);

function subscriptionId(order: Order): string {
  if (!order.stripeSubscriptionId) throw new Error(`order ${order.id} has no Stripe subscription`);
  return order.stripeSubscriptionId;
}

/** The subscription's one item: our plan's price. */
export function planItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  return item;
}

/**
 * Schedules the end of the subscription on one of Stripe's own period ends, answered: the end
 * of the period that holds today + 30 days (`notice`, the customer's cancellation) or of the
 * current one (`period_end`, the agency's). Counted on Stripe's calendar from its anchor, so
 * Stripe neither bills a last partial period nor credits one (no proration either way).
 */
export async function stripeScheduleCancel(
  stripe: Stripe,
  order: Order,
  rule: "notice" | "period_end",
  now: Date,
): Promise<Date> {
  const current = await stripe.subscriptions.retrieve(subscriptionId(order));
  const at =
    rule === "notice"
      ? cancellationEffectiveDate(fromUnix(current.billing_cycle_anchor), now, STRIPE_CALENDAR)
      : fromUnix(planItem(current).current_period_end);
  await stripe.subscriptions.update(current.id, { cancel_at: unix(at), proration_behavior: "none" });
  return at;
}

/**
 * Lifts a scheduled cancellation, whichever way it was made: `cancel_at` (ours) or
 * `cancel_at_period_end` (the Customer Portal); Stripe takes only one of the two at a time.
 */
export async function stripeUndoCancel(stripe: Stripe, order: Order): Promise<void> {
  const current = await stripe.subscriptions.retrieve(subscriptionId(order));
  await stripe.subscriptions.update(
    current.id,
    current.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: "" },
  );
}

export async function stripeCancelNow(stripe: Stripe, order: Order): Promise<void> {
  await stripe.subscriptions.cancel(subscriptionId(order));
}

/**
 * Moves the subscription to another price. An upgrade invoices the prorated difference at once
 * and is refused (nothing changed) when the card declines. A downgrade swaps the price without
 * proration: the period paid for stays as it is (we keep the old plan until its end), and the
 * next renewal bills the new price on the same billing cycle. When a downgrade is still waiting
 * at Stripe, an upgrade first puts back the price paid for, so that Stripe prorates from it.
 */
export async function stripeChangePrice(
  stripe: Stripe,
  order: Order,
  change: { to: string; paid: string; upgrade: boolean },
): Promise<void> {
  const current = await stripe.subscriptions.retrieve(subscriptionId(order));
  const item = planItem(current);
  if (change.upgrade && item.price.id !== change.paid) {
    await stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price: change.paid }],
      proration_behavior: "none",
    });
  }
  try {
    await stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price: change.to }],
      proration_behavior: change.upgrade ? "always_invoice" : "none",
      ...(change.upgrade ? { payment_behavior: "error_if_incomplete" as const } : {}),
    });
  } catch (err) {
    if ((err as { type?: string }).type !== "StripeCardError") throw err;
    if (item.price.id !== change.paid) {
      // The downgrade that was waiting waits again.
      await stripe.subscriptions.update(current.id, {
        items: [{ id: item.id, price: item.price.id }],
        proration_behavior: "none",
      });
    }
    throw cardDeclined();
  }
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

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/** The Stripe subscription an invoice bills, if any. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | undefined {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The order whose Stripe subscription this is, if it is one of ours. */
export async function orderOfStripeSubscription(
  ctx: Pick<Context, "db">,
  subscriptionId: string | undefined,
): Promise<Order | undefined> {
  if (!subscriptionId) return undefined;
  return findOrderOfStripeSubscription(ctx.db, subscriptionId);
}
