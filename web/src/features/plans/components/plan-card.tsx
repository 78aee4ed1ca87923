import type { Plan } from "@lagon/contracts/plans";

export function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article className={plan.popular ? "plan-card is-popular" : "plan-card"} aria-labelledby={titleId}>
      {plan.popular ? <p className="plan-badge">Le plus populaire</p> : null}
      <h3 id={titleId} className="plan-name">
        {plan.name}
      </h3>
      <p className="plan-price">{`${plan.price} €/mois`}</p>
      <p className="plan-description">{plan.description}</p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </article>
  );
}
