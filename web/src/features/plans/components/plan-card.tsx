import type { Plan } from "@lagon/contracts/plans";
import { DOMAIN_FORM_ID } from "../../../config/paths";
import { scrollToSection } from "../../../lib/scroll-to-section";
import { selectPlan } from "../../../lib/selected-plan-store";

function choose(plan: Plan) {
  selectPlan(plan.id);
  // The form appears on this render: scroll once it is in the page, and take the focus there
  // (its title, so that a phone opens no keyboard): the next Tab reaches its first field.
  window.setTimeout(() => {
    scrollToSection(DOMAIN_FORM_ID);
    document.getElementById(DOMAIN_FORM_ID)?.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  }, 0);
}

export function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article className={plan.popular ? "plan-card is-popular" : "plan-card"} aria-labelledby={titleId}>
      {plan.popular ? <p className="plan-badge">Le plus populaire</p> : null}
      <h3 id={titleId} className="plan-name">
        {plan.name}
      </h3>
      <p className="plan-price">{`${plan.priceCents / 100} €/mois`}</p>
      <p className="plan-description">{plan.description}</p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button
        type="button"
        className={`button ${plan.popular ? "button-accent" : "button-primary"} plan-choose`}
        onClick={() => choose(plan)}
        aria-describedby={titleId}
      >
        Choisir cette offre
      </button>
    </article>
  );
}
