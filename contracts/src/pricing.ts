import { KOZA_PRICE_EUR, type PlanId, planById, VAT_RATE_PERCENT } from "./plans.ts";

/** A price in euro cents, excluding tax (HT) unless the name says total (TTC). */
export interface Quote {
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
}

/** Tax per line, rounded half up to the cent, as Stripe does with an exclusive tax rate. */
const vat = (cents: number) => Math.round((cents * VAT_RATE_PERCENT) / 100);

/**
 * The price shown to the customer and charged by the local test checkout. The discount applies
 * to the monthly subscription only; `planId` is null when Koza is bought alone after the order.
 */
export function quote(planId: PlanId | null, percentOff: number, koza: boolean): Quote {
  if (!(percentOff >= 0 && percentOff <= 100)) throw new RangeError(`percentOff out of range: ${percentOff}`);
  const monthlyCents = planId ? planById(planId).price * 100 : 0;
  const discountCents = Math.round((monthlyCents * percentOff) / 100);
  const monthlyNetCents = monthlyCents - discountCents;
  const monthlyVatCents = vat(monthlyNetCents);
  const kozaCents = koza ? KOZA_PRICE_EUR * 100 : 0;
  const kozaVatCents = vat(kozaCents);
  return {
    monthlyCents,
    discountCents,
    monthlyNetCents,
    monthlyVatCents,
    monthlyTotalCents: monthlyNetCents + monthlyVatCents,
    kozaCents,
    kozaVatCents,
    kozaTotalCents: kozaCents + kozaVatCents,
    vatCents: monthlyVatCents + kozaVatCents,
    firstPaymentCents: monthlyNetCents + monthlyVatCents + kozaCents + kozaVatCents,
  };
}

export function formatEuros(cents: number): string {
  return new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);
}
