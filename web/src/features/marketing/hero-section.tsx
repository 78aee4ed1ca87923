import { publicConfig } from "../../config/public-config";
import { PlansLink } from "./plans-link";
import "./marketing.css";

const BADGES = ["Hébergement en France", "SSL inclus", "Support local à La Réunion"];

const PREVIEW_STEPS = ["Paiement validé", "Adresse créée", "WordPress installé", "Accès envoyés par e-mail"];

/**
 * What a new site looks like a few minutes after payment: decorative, the text says it all. The
 * visitor's own business, not a customer's (the home names only real sites: decision 0024).
 */
function SitePreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="preview-bar">
        <span className="preview-dot" />
        <span className="preview-dot" />
        <span className="preview-dot" />
        <span className="preview-url">{`votre-entreprise.${publicConfig.BASE_DOMAIN}`}</span>
      </div>
      <div className="preview-body">
        <p className="preview-name">Votre entreprise</p>
        <p className="preview-tagline">Votre activité, vos services, vos coordonnées</p>
        <ul className="preview-steps">
          {PREVIEW_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        <p className="preview-live">Site en ligne</p>
      </div>
    </div>
  );
}

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-layout">
        <div className="hero-content">
          <p className="hero-kicker">Agence web à Saint-Paul, La Réunion</p>
          <h1 id="hero-title">Votre site professionnel en ligne en moins de 10&nbsp;minutes</h1>
          <p className="hero-lead">
            Artisans, commerçants, TPE et PME de La Réunion et des Outre-mer&nbsp;: choisissez une offre et
            votre adresse, payez en ligne, et votre site WordPress est créé automatiquement, avec certificat
            SSL et sauvegardes quotidiennes, et des e-mails professionnels avec les offres Starter et
            Business.
          </p>
          <div className="hero-actions">
            <PlansLink className="button button-accent button-large">Créer mon site</PlansLink>
            <PlansLink className="button button-ghost button-large">Voir les offres</PlansLink>
          </div>
          <ul className="hero-badges">
            {BADGES.map((badge) => (
              <li key={badge}>{badge}</li>
            ))}
          </ul>
        </div>
        <SitePreview />
      </div>
    </section>
  );
}
