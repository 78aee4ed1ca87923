import { PLANS, PRICE_NOTE } from "@lagon/contracts/plans";
import { PLANS_SECTION_ID } from "../../../config/paths";
import { PlanCard } from "./plan-card";

export function PlansSection() {
  return (
    <section id={PLANS_SECTION_ID} className="section" aria-labelledby="plans-title">
      <div className="container">
        <h2 id="plans-title" className="section-title">
          Nos offres
        </h2>
        <p className="section-lead">
          Un abonnement mensuel résiliable avec un préavis de 30 jours&nbsp;: hébergement, sécurité et
          sauvegardes compris.
        </p>
        <div className="plans-grid">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="price-note">{PRICE_NOTE}</p>
      </div>
    </section>
  );
}
