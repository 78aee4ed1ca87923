import { useGoToPlans } from "../components/layout/use-go-to-plans";
import { CheckoutSection } from "../features/checkout/checkout-section";
import { PlansSection } from "../features/plans/components/plans-section";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Votre site professionnel en ligne en moins de 10 minutes",
    description:
      "Sites WordPress clé en main pour les artisans, TPE et PME de La Réunion et des Outre-mer : en ligne en moins de 10 minutes, SSL, e-mails professionnels et maintenance inclus.",
  });

export default function Home() {
  const goToPlans = useGoToPlans();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-content">
          <p className="hero-kicker">Agence web à Saint-Paul, La Réunion</p>
          <h1 id="hero-title">Votre site professionnel en ligne en moins de 10&nbsp;minutes</h1>
          <p className="hero-lead">
            Choisissez une offre, votre adresse et payez en ligne&nbsp;: votre site WordPress est créé
            automatiquement, avec hébergement en France, certificat SSL et e-mails professionnels.
          </p>
          <button type="button" className="button button-accent button-large" onClick={goToPlans}>
            Voir les offres
          </button>
        </div>
      </section>
      <PlansSection />
      <CheckoutSection />
    </>
  );
}
