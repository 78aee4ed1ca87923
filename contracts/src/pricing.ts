import { computeTotals, percentOf, type SaleLine, type Totals } from "./money.ts";
import { KOZA_PRICE_CENTS, type PlanId, planById } from "./plans.ts";
import type { TaxRule } from "./tax.ts";

/** What is sold at checkout: the plan's first month (with its discount) and/or Koza once. */
export interface CheckoutItems {
  /** Null when Koza is bought alone after the order. */
  planId: PlanId | null;
  /** The coupon's percentage, applied to the subscription only. */
  percentOff: number;
  koza: boolean;
}

export const KOZA_LINE_LABEL = "Koza — génération IA de votre site (5 pages)";
export const planLineLabel = (planId: PlanId) => `Formule ${planById(planId).name} — abonnement mensuel`;

/** The sale lines of a checkout, at the buyer's rate: what the summary, provider and invoice show. */
export function checkoutLines(items: CheckoutItems, rule: TaxRule): SaleLine[] {
  const lines: SaleLine[] = [];
  if (items.planId) {
    const unitCents = planById(items.planId).priceCents;
    lines.push({
      label: planLineLabel(items.planId),
      quantity: 1,
      unitCents,
      discountCents: percentOf(unitCents, items.percentOff),
      vatRateBasisPoints: rule.rateBasisPoints,
    });
  }
  if (items.koza) {
    lines.push({
      label: KOZA_LINE_LABEL,
      quantity: 1,
      unitCents: KOZA_PRICE_CENTS,
      vatRateBasisPoints: rule.rateBasisPoints,
    });
  }
  return lines;
}

/** A price in euro cents, excluding tax (HT) unless the name says total (TTC). */
export interface Quote {
  rule: TaxRule;
  monthlyCents: number;
  discountCents: number;
  monthlyNetCents: number;
  monthlyVatCents: number;
  monthlyTotalCents: number;
  kozaCents: number;
  kozaVatCents: number;
  kozaTotalCents: number;
  /** All the tax of the first payment. */
  vatCents: number;
  /** What the first payment charges: the first month plus Koza, taxes included. */
  firstPaymentCents: number;
  /** The first payment, line by line and per rate. */
  firstPayment: Totals;
}

/**
 * The price shown to the customer and charged: each part priced alone (the monthly renewal,
 * Koza once) and the first payment as a whole, all through computeTotals.
 */
export function quote(items: CheckoutItems, rule: TaxRule): Quote {
  const monthly = computeTotals(checkoutLines({ ...items, koza: false }, rule));
  const koza = computeTotals(checkoutLines({ planId: null, percentOff: 0, koza: items.koza }, rule));
  const firstPayment = computeTotals(checkoutLines(items, rule));
  return {
    rule,
    monthlyCents: monthly.grossCents,
    discountCents: monthly.discountCents,
    monthlyNetCents: monthly.netCents,
    monthlyVatCents: monthly.vatCents,
    monthlyTotalCents: monthly.totalCents,
    kozaCents: koza.netCents,
    kozaVatCents: koza.vatCents,
    kozaTotalCents: koza.totalCents,
    vatCents: firstPayment.vatCents,
    firstPaymentCents: firstPayment.totalCents,
    firstPayment,
  };
}

export function formatEuros(cents: number): string {
  return new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);
}
