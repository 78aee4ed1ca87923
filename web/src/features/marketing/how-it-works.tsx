import "./marketing.css";

const STEPS = [
  {
    title: "Choisissez une offre",
    text: "Starter pour un site vitrine, Business pour vendre en ligne, Libre pour construire vous-même.",
  },
  {
    title: "Saisissez votre domaine",
    text: "Choisissez l'adresse de votre site, par exemple boulangerie-payet, et vos coordonnées.",
  },
  {
    title: "Payez en ligne",
    text: "Par carte bancaire, sur une page de paiement sécurisée. Sans engagement, préavis de 30 jours.",
  },
  {
    title: "Votre site est prêt",
    text: "En ligne en moins de 10 minutes\u00a0: vos accès WordPress arrivent par e-mail.",
  },
];

export function HowItWorks() {
  return (
    <section className="section how" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section-title">
          Comment ça marche
        </h2>
        <p className="section-lead">Quatre étapes, quelques minutes, et aucune compétence technique.</p>
        <ol className="how-steps">
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <span className="how-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
