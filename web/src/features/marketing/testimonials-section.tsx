import type { CSSProperties } from "react";
import { useDirectorySites } from "./use-directory-sites";
import "./marketing.css";

/**
 * What customers said, each tied to their site: a testimonial shows only while that site is live
 * in the public directory, so the page never quotes a business a visitor cannot find there
 * (decision 0024). `npm run seed:demo` creates these four demo sites.
 */
const TESTIMONIALS = [
  {
    subdomain: "boulangerie-payet",
    name: "Marie Payet",
    business: "Boulangerie Payet, Saint-Paul (La Réunion)",
    text: "J'ai commandé le soir après la fermeture, mon site était en ligne avant la fin de mon café. Koza a écrit des textes qui me ressemblent, je n'ai presque rien retouché.",
    rating: 5,
  },
  {
    subdomain: "garage-hoarau",
    name: "Jean Hoarau",
    business: "Garage Hoarau, Saint-Pierre (La Réunion)",
    text: "Mes clients prennent rendez-vous en ligne, je gagne un temps fou au téléphone. Et quand j'ai une question, l'équipe me répond le jour même, à l'heure de chez nous.",
    rating: 5,
  },
  {
    subdomain: "coiffure-madinina",
    name: "Sandra Joseph",
    business: "Coiffure Madinina, Fort-de-France (Martinique)",
    text: "Simple, rapide et à un prix raisonnable. La formation de 30 minutes en visio m'a suffi pour changer mes photos et mes tarifs moi-même.",
    rating: 4,
  },
  {
    subdomain: "mayotte-clim",
    name: "Ahmed Soilihi",
    business: "Mayotte Clim Services, Mamoudzou (Mayotte)",
    text: "J'avais déjà mon nom de domaine\u00a0: ils l'ont relié gratuitement à mon nouveau site. Mes devis arrivent maintenant par le formulaire de contact.",
    rating: 5,
  },
];

function Rating({ value }: { value: number }) {
  return (
    <p className="rating" role="img" aria-label={`Note\u00a0: ${value} sur 5`}>
      {"★".repeat(value)}
      <span className="rating-empty">{"★".repeat(5 - value)}</span>
    </p>
  );
}

export function TestimonialsSection() {
  const sites = useDirectorySites();
  const listed = new Set(sites?.map((s) => s.subdomain));
  const shown = TESTIMONIALS.filter((t) => listed.has(t.subdomain));
  // An element even when empty: the home page hydrates section by section (decision 0018), each
  // in the place of its prerendered HTML.
  if (shown.length === 0) return <section className="testimonials" hidden />;
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title" className="section-title">
          Ils nous font confiance
        </h2>
        <ul className="testimonial-grid" style={{ "--items": shown.length } as CSSProperties}>
          {shown.map((t) => (
            <li key={t.name}>
              <figure>
                <Rating value={t.rating} />
                <blockquote>«&nbsp;{t.text}&nbsp;»</blockquote>
                <figcaption>
                  <strong>{t.name}</strong>
                  <br />
                  {t.business}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
