import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import { isBusinessBuyer, type TaxRuleId, taxRuleFor } from "@lagon/contracts/tax";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { conflict } from "../lib/app-error.ts";
import { insertCheckoutSession } from "./checkout-sessions-table.ts";
import { CHECKOUT_LIFETIME_MS } from "./create-checkout-session.ts";
import { openProviderCheckout } from "./open-provider-checkout.ts";

/** What a Koza checkout remembers: the VAT rule charged (absent on older ones). */
export interface KozaCheckoutPayload {
  taxRuleId?: TaxRuleId;
}

/**
 * Opens a one-off payment for Koza on an existing order; paying and cancelling both return to
 * `back`, its page opened with the token the customer holds (never a stronger one), marked
 * `koza=paye` or `koza=annule` so the page can say which.
 */
export async function addKozaCheckout(
  ctx: Pick<Context, "config" | "db" | "secrets" | "payments" | "log">,
  order: Order,
  back: string,
): Promise<{ checkout_url: string }> {
  if (order.kozaOption) throw conflict(CHECKOUT_MESSAGES.kozaAlreadyActive);
  const successUrl = withOutcome(back, "paye");
  const cancelUrl = withOutcome(back, "annule");
  const taxRule = taxRuleFor(
    order.country,
    isBusinessBuyer({ siret: order.siret, vat_number: order.vatNumber }),
    ctx.config,
  );
  const reference = randomUUID();
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  await insertCheckoutSession(ctx.db, {
    id: reference,
    kind: "koza",
    orderId: order.id,
    kozaOption: true,
    customerEmail: order.customerEmail,
    payload: { taxRuleId: taxRule.id } satisfies KozaCheckoutPayload,
    successUrl,
    cancelUrl,
    expiresAt,
  });
  return openProviderCheckout(
    ctx,
    {
      reference,
      kind: "koza",
      customerEmail: order.customerEmail,
      koza: true,
      vatRateBasisPoints: taxRule.rateBasisPoints,
      successUrl,
      cancelUrl,
      expiresAt,
    },
    CHECKOUT_MESSAGES.kozaAddFailed,
  );
}

function withOutcome(url: string, outcome: "paye" | "annule"): string {
  const target = new URL(url);
  target.searchParams.set("koza", outcome);
  return target.toString();
}
