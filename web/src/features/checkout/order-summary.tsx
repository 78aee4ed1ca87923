import { KOZA_PRICE_EUR, type PlanId, planById, VAT_RATE_PERCENT } from "@lagon/contracts/plans";

const euros = (cents: number) =>
  new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);

/** What the visitor will pay: the monthly subscription and, once, the Koza option. */
export function OrderSummary({
  planId,
  percentOff,
  koza,
}: {
  planId: PlanId;
  percentOff: number;
  koza: boolean;
}) {
  const plan = planById(planId);
  const monthly = plan.price * 100;
  const discount = Math.round((monthly * percentOff) / 100);
  const monthlyNet = monthly - discount;
  const monthlyVat = Math.round((monthlyNet * VAT_RATE_PERCENT) / 100);
  const kozaNet = koza ? KOZA_PRICE_EUR * 100 : 0;
  const kozaVat = Math.round((kozaNet * VAT_RATE_PERCENT) / 100);
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h3 id="order-summary-title">Récapitulatif</h3>
      <dl>
        <dt>Formule {plan.name}</dt>
        <dd>{euros(monthly)} HT / mois</dd>
        {discount > 0 ? (
          <>
            <dt>Réduction ({percentOff} %)</dt>
            <dd>− {euros(discount)}</dd>
          </>
        ) : null}
        <dt>TVA 8,5 %</dt>
        <dd>{euros(monthlyVat)}</dd>
        <dt className="total">Total mensuel TTC</dt>
        <dd className="total">{euros(monthlyNet + monthlyVat)}</dd>
        {koza ? (
          <>
            <dt>Koza, une fois (TVA incluse)</dt>
            <dd>{euros(kozaNet + kozaVat)}</dd>
          </>
        ) : null}
      </dl>
      <p className="summary-note">
        Premier paiement : {euros(monthlyNet + monthlyVat + kozaNet + kozaVat)} TTC. Sans engagement,
        résiliable avec un préavis de 30 jours.
      </p>
    </aside>
  );
}
