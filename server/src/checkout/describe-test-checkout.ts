import { CHECKOUT_MESSAGES, TEST_CHECKOUT_STATUS_LABELS } from "@lagon/contracts/checkout";
import type { TestCheckoutView } from "@lagon/contracts/checkout-schemas";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { quote } from "@lagon/contracts/pricing";
import { type TaxRuleId, taxLabel, taxRuleById } from "@lagon/contracts/tax";
import type { Context } from "../context.ts";
import { type CheckoutSession, checkoutSessions } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { bySessionId } from "./checkout-session-id.ts";

/** A local test checkout's row, or the French 404. */
export async function loadTestCheckout(
  ctx: Pick<Context, "db">,
  sessionId: string,
): Promise<CheckoutSession> {
  const [row] = await ctx.db.select().from(checkoutSessions).where(bySessionId(sessionId));
  if (!row) throw notFound(CHECKOUT_MESSAGES.sessionNotFound);
  return row;
}

/** What the local test checkout page shows: the lines Stripe would show, with the same totals. */
export async function describeTestCheckout(
  ctx: Pick<Context, "db">,
  sessionId: string,
): Promise<TestCheckoutView> {
  const row = await loadTestCheckout(ctx, sessionId);
  const planId = row.planId as PlanId | null;
  const q = quote({ planId, percentOff: row.percentOff, koza: row.kozaOption }, checkoutTaxRule(row));
  const status = row.paidAt
    ? "paid"
    : row.status === "expired" || row.expiresAt < new Date()
      ? "expired"
      : "open";
  return {
    session_id: sessionId,
    status,
    status_label: TEST_CHECKOUT_STATUS_LABELS[status],
    customer_email: row.customerEmail,
    lines: [
      ...(planId
        ? [
            {
              label: `Formule ${planById(planId).name} (mensuel, HT)`,
              amount_cents: q.monthlyCents,
              recurring: true,
            },
          ]
        : []),
      ...(row.kozaOption
        ? [
            {
              label: "Koza — génération IA de votre site (une fois, HT)",
              amount_cents: q.kozaCents,
              recurring: false,
            },
          ]
        : []),
    ],
    discount_label: row.couponCode ? `Code ${row.couponCode} (−${row.percentOff} %)` : null,
    discount_cents: q.discountCents,
    vat_label: taxLabel(q.rule),
    vat_cents: q.vatCents,
    total_cents: q.firstPaymentCents,
    cancel_url: row.cancelUrl,
  };
}

/** The VAT rule a checkout charges; checkouts older than the rule charged 8,5 % to everyone. */
export function checkoutTaxRule(row: Pick<CheckoutSession, "payload">) {
  return taxRuleById((row.payload as { taxRuleId?: TaxRuleId }).taxRuleId ?? "dom");
}
