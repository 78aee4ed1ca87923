import type { Context } from "../context.ts";
import { AppError } from "../lib/app-error.ts";
import type { CheckoutRequest } from "../payments/payment-provider.ts";
import { storedSessionId } from "./checkout-session-id.ts";
import { deleteCheckoutSession, linkCheckoutSession } from "./checkout-sessions-table.ts";

/**
 * Opens the payment provider's checkout for a reservation already written (`request.reference`)
 * and links the two. Should the provider refuse, the reservation is deleted (freeing what it
 * held) and the visitor gets `failure`, a French 502.
 */
export async function openProviderCheckout(
  ctx: Pick<Context, "db" | "secrets" | "payments" | "log">,
  request: CheckoutRequest,
  failure: string,
): Promise<{ checkout_url: string }> {
  try {
    const session = await ctx.payments.createCheckout(request);
    await linkCheckoutSession(ctx.db, request.reference, storedSessionId(ctx, session.sessionId));
    return { checkout_url: session.url };
  } catch (err) {
    await deleteCheckoutSession(ctx.db, request.reference);
    ctx.log.error({ err, kind: request.kind }, "payment provider refused the checkout");
    throw new AppError(502, failure);
  }
}
