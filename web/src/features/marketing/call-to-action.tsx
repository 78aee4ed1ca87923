import { PlansLink } from "./plans-link";
import "./marketing.css";

export function CallToAction() {
  return (
    <section className="section cta" aria-labelledby="cta-title">
      <div className="container center">
        <h2 id="cta-title">Prêt à être visible en ligne&nbsp;?</h2>
        <p>
          Votre site professionnel en moins de 10 minutes, dès 15&nbsp;€ HT par mois, sans engagement. Une
          formation gratuite de 30 minutes en visio est offerte pour bien démarrer.
        </p>
        <PlansLink className="button button-accent button-large">Choisir mon offre</PlansLink>
      </div>
    </section>
  );
}
