import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import { paymentEvents } from "../db/schema.ts";
import { handleSubscriptionEvent } from "../subscriptions/stripe-events.ts";
import { expireCheckout, fulfilCheckout } from "./fulfil-checkout.ts";

/**
 * A verified Stripe event. It only triggers: what it is about is re-read from Stripe. Its id is
 * claimed first (unique), so a second delivery, even a concurrent one, does nothing; a failure
 * gives the claim back and Stripe's retry handles the event again.
 */
export async function handleStripeEvent(
  ctx: Context,
  event: Stripe.Event,
): Promise<{ received: true; duplicate?: true }> {
  const claimed = await ctx.db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return { received: true, duplicate: true };
  try {
    if (event.type === "checkout.session.completed") {
      await fulfilCheckout(ctx, event.data.object.id);
    } else if (event.type === "checkout.session.expired") {
      await expireCheckout(ctx, event.data.object.id);
    } else {
      await handleSubscriptionEvent(ctx, event);
    }
  } catch (err) {
    await ctx.db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw err;
  }
  return { received: true };
}
