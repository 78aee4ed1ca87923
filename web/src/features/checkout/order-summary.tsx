import { type PlanId, planById } from "@lagon/contracts/plans";
import { formatEuros, quote } from "@lagon/contracts/pricing";
import { type TaxRule, taxLabel } from "@lagon/contracts/tax";

/** What the visitor will pay: the monthly subscription and, once, the Koza option, at their territory's rate. */
export function OrderSummary({
  planId,
  percentOff,
  koza,
  taxRule,
}: {
  planId: PlanId;
  percentOff: number;
  koza: boolean;
  taxRule: TaxRule;
}) {
  const q = quote({ planId, percentOff, koza }, taxRule);
  const kozaTax = taxRule.rateBasisPoints > 0 ? " + TVA" : "";
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h3 id="order-summary-title">Récapitulatif</h3>
      <dl>
        <dt>Formule {planById(planId).name}</dt>
        <dd>{formatEuros(q.monthlyCents)} HT / mois</dd>
        {q.discountCents > 0 ? (
          <>
            <dt>Réduction ({percentOff} %)</dt>
            <dd>− {formatEuros(q.discountCents)}</dd>
          </>
        ) : null}
        <dt>{taxLabel(taxRule)}</dt>
        <dd>{formatEuros(q.monthlyVatCents)}</dd>
        <dt className="total">Total mensuel TTC</dt>
        <dd className="total">{formatEuros(q.monthlyTotalCents)}</dd>
        {koza ? (
          <>
            <dt>
              Koza, une fois ({formatEuros(q.kozaCents)} HT{kozaTax})
            </dt>
            <dd>{formatEuros(q.kozaTotalCents)}</dd>
          </>
        ) : null}
      </dl>
      <p className="summary-note">
        Premier paiement : {formatEuros(q.firstPaymentCents)} TTC. Sans engagement, résiliable avec un préavis
        de 30 jours.
      </p>
    </aside>
  );
}
