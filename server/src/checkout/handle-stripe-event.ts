import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import { paymentEvents } from "../db/schema.ts";
import { expireCheckout, fulfilCheckout } from "./fulfil-checkout.ts";

/**
 * A verified Stripe event. It only triggers: fulfilment re-reads the session from Stripe. An
 * event is recorded once handled, so a replay changes nothing; a failure leaves it unrecorded
 * and Stripe's retry handles it again.
 */
export async function handleStripeEvent(
  ctx: Context,
  event: Stripe.Event,
): Promise<{ received: true; duplicate?: true }> {
  const [seen] = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { received: true, duplicate: true };
  if (event.type === "checkout.session.completed") {
    await fulfilCheckout(ctx, event.data.object.id);
  } else if (event.type === "checkout.session.expired") {
    await expireCheckout(ctx, event.data.object.id);
  }
  await ctx.db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { received: true };
}
