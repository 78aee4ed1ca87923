import { formatIsoDate } from "@lagon/contracts/french-date";
import type { PlanId } from "@lagon/contracts/plans";
import { checkoutLines } from "@lagon/contracts/pricing";
import { checkoutTaxRule } from "../checkout/describe-test-checkout.ts";
import type { Context } from "../context.ts";
import type { CheckoutSession } from "../db/schema.ts";
import type { CheckoutTruth } from "../payments/payment-provider.ts";
import { type IssuedInvoice, issueInvoice } from "./issue-invoice.ts";

/** The service period of a month paid on `paidAt`: that day to the day before, a month later. */
export function monthlyPeriod(paidAt: Date): { start: string; end: string } {
  const start = formatIsoDate(paidAt);
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  // The same day next month (clamped to its last day), less one day.
  const lastDayNext = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(y, m, Math.min(d, lastDayNext)));
  next.setUTCDate(next.getUTCDate() - 1);
  return { start, end: next.toISOString().slice(0, 10) };
}

/**
 * The invoice of a paid checkout (the first month and/or Koza), once per checkout: the lines and
 * the VAT rule the buyer saw and paid.
 */
export async function issueCheckoutInvoice(
  ctx: Pick<Context, "config" | "db" | "payments" | "log">,
  row: CheckoutSession,
  orderId: string,
  truth: CheckoutTruth,
): Promise<IssuedInvoice> {
  const rule = checkoutTaxRule(row);
  const planId = row.kind === "order" ? (row.planId as PlanId) : null;
  const paidAt = row.paidAt ?? new Date();
  const lines = checkoutLines({ planId, percentOff: row.percentOff, koza: row.kozaOption }, rule).map(
    ({ vatRateBasisPoints: _, ...line }) => line,
  );
  return issueInvoice(ctx, {
    orderId,
    kind: row.kind === "order" ? "checkout" : "koza",
    sourceRef: `checkout:${row.id}`,
    lines,
    paidAt,
    paymentMethod: ctx.payments.paymentMethodLabel,
    period: planId ? monthlyPeriod(paidAt) : null,
    chargedCents: truth.amountTotalCents,
    taxRuleId: rule.id,
  });
}
