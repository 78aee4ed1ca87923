import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import type { Context } from "../context.ts";
import { badRequest } from "../lib/app-error.ts";
import { cardDeclined, knownTestCard, testCardPays } from "../subscriptions/test-cards.ts";
import { payOpenTestCheckout } from "./checkout-sessions-table.ts";
import { loadTestCheckout } from "./describe-test-checkout.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";

/**
 * "Pays" a local test checkout with a test card (subscriptions/test-cards.ts; the card is kept
 * for the subscription's renewals), then runs the very fulfilment Stripe's webhook runs. Paying
 * twice is harmless; an expired or closed checkout cannot be paid. Answers where to send the
 * browser: the success address with the session id, as Stripe does.
 */
export async function payTestCheckout(
  ctx: Context,
  sessionId: string,
  card?: string,
): Promise<{ redirect_url: string }> {
  const row = await loadTestCheckout(ctx, sessionId);
  const testCard = knownTestCard(card);
  if (!row.paidAt && !testCardPays(testCard, true)) throw cardDeclined();
  await payOpenTestCheckout(ctx.db, row.id, testCard);
  const { paidAt } = await loadTestCheckout(ctx, sessionId);
  if (!paidAt) throw badRequest(CHECKOUT_MESSAGES.sessionExpired);
  await fulfilCheckout(ctx, sessionId);
  const url = new URL(row.successUrl);
  url.searchParams.set("session_id", sessionId);
  return { redirect_url: url.toString() };
}
