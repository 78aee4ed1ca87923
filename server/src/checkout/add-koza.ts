import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions, type orders } from "../db/schema.ts";
import { AppError, conflict } from "../lib/app-error.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { CHECKOUT_LIFETIME_MS } from "./create-checkout-session.ts";

/** Opens a one-off payment for Koza on an existing order; paying and cancelling both return to its page. */
export async function addKozaCheckout(
  ctx: Context,
  order: typeof orders.$inferSelect,
): Promise<{ checkout_url: string }> {
  if (order.kozaOption) throw conflict(CHECKOUT_MESSAGES.kozaAlreadyActive);
  const reference = randomUUID();
  const back = magicLinkUrl(ctx, order);
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  await ctx.db.insert(checkoutSessions).values({
    id: reference,
    kind: "koza",
    orderId: order.id,
    kozaOption: true,
    customerEmail: order.customerEmail,
    payload: {},
    successUrl: back,
    cancelUrl: back,
    expiresAt,
  });
  try {
    const session = await ctx.payments.createCheckout({
      reference,
      kind: "koza",
      customerEmail: order.customerEmail,
      koza: true,
      successUrl: back,
      cancelUrl: back,
      expiresAt,
    });
    await ctx.db
      .update(checkoutSessions)
      .set({ providerSessionId: session.sessionId })
      .where(eq(checkoutSessions.id, reference));
    return { checkout_url: session.url };
  } catch (err) {
    await ctx.db.delete(checkoutSessions).where(eq(checkoutSessions.id, reference));
    ctx.log.error({ err }, "payment provider refused the Koza checkout");
    throw new AppError(502, CHECKOUT_MESSAGES.kozaAddFailed);
  }
}
