import { KOZA_PRICE_EUR, type PlanId, planById, VAT_RATE_PERCENT } from "./plans.ts";

export interface Quote {
  monthlyCents: number;
  discountCents: number;
  monthlyNetCents: number;
  monthlyVatCents: number;
  monthlyTotalCents: number;
  kozaCents: number;
  kozaVatCents: number;
  kozaTotalCents: number;
  /** What the first payment charges: the first month plus Koza, taxes included. */
  firstPaymentCents: number;
}

const vat = (cents: number) => Math.round((cents * VAT_RATE_PERCENT) / 100);

/** The price shown to the customer and charged by the local test checkout. The discount applies to the subscription. */
export function quote(planId: PlanId, percentOff: number, koza: boolean): Quote {
  const monthlyCents = planById(planId).price * 100;
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
    firstPaymentCents: monthlyNetCents + monthlyVatCents + kozaCents + kozaVatCents,
  };
}

export function formatEuros(cents: number): string {
  return new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);
}
