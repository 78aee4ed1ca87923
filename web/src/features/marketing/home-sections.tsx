import { Link } from "react-router";
import { useGoToPlans } from "../../components/layout/use-go-to-plans";
import { paths } from "../../config/paths";
import "./marketing.css";

export function HeroSection() {
  const goToPlans = useGoToPlans();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-content">
        <p className="hero-kicker">Agence web à Saint-Paul, La Réunion</p>
        <h1 id="hero-title">Votre site professionnel en ligne en moins de 10&nbsp;minutes</h1>
        <p className="hero-lead">
          Choisissez une offre, votre adresse et payez en ligne&nbsp;: votre site WordPress est créé
          automatiquement, avec hébergement en France, certificat SSL et e-mails professionnels.
        </p>
        <div className="hero-actions">
          <button type="button" className="button button-accent button-large" onClick={goToPlans}>
            Créer mon site
          </button>
          <button type="button" className="button button-ghost button-large" onClick={goToPlans}>
            Voir les offres
          </button>
        </div>
        <ul className="hero-badges">
          <li>Hébergement en France</li>
          <li>SSL inclus</li>
          <li>Support local à La Réunion</li>
        </ul>
      </div>
    </section>
  );
}

export function KozaPromo() {
  const goToPlans = useGoToPlans();
  return (
    <section className="section koza-promo" aria-labelledby="koza-promo-title">
      <div className="container koza-promo-inner">
        <div>
          <p className="eyebrow">Nouveau · Agent IA</p>
          <h2 id="koza-promo-title">Koza écrit votre site à votre place</h2>
          <p>
            Répondez à une dizaine de questions sur votre activité&nbsp;: en 15 minutes environ, Koza rédige
            et illustre les 5 pages de votre site vitrine, avec vos couleurs et vos photos. 50 € HT, une seule
            fois.
          </p>
        </div>
        <button type="button" className="button button-accent" onClick={goToPlans}>
          Ajouter Koza à ma commande
        </button>
      </div>
    </section>
  );
}

const STEPS = [
  { title: "Choisissez une offre", text: "Starter, Business ou Libre, selon votre activité." },
  { title: "Saisissez votre domaine", text: "Votre adresse, par exemple boulangerie-payet." },
  { title: "Payez en ligne", text: "Par carte, en toute sécurité. Sans engagement." },
  { title: "Votre site est prêt", text: "En ligne en moins de 10 minutes, accès par e-mail." },
];

export function HowItWorks() {
  return (
    <section className="section how" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section-title">
          Comment ça marche
        </h2>
        <ol className="how-steps">
          {STEPS.map((s, i) => (
            <li key={s.title}>
              <span className="how-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const SECURITY = [
  { title: "Certificat SSL", text: "Le cadenas dans la barre d'adresse, inclus dès la mise en ligne." },
  {
    title: "Sauvegardes quotidiennes",
    text: "Votre site est sauvegardé chaque jour, restauration sur demande.",
  },
  { title: "Hébergé en France", text: "Des serveurs en France, conformes au RGPD." },
  { title: "Mises à jour suivies", text: "WordPress, thème et extensions maintenus par notre équipe." },
];

export function SecuritySection() {
  return (
    <section className="section security" aria-labelledby="security-title">
      <div className="container">
        <h2 id="security-title" className="section-title">
          Sécurité et sérénité
        </h2>
        <ul className="feature-grid">
          {SECURITY.map((f) => (
            <li key={f.title}>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const SHOWCASE = [
  { name: "Boulangerie Payet", place: "Saint-Paul", kind: "Site vitrine + Koza" },
  { name: "Garage Hoarau", place: "Saint-Pierre", kind: "Réservation en ligne" },
  { name: "Coiffure Madinina", place: "Fort-de-France", kind: "Boutique en ligne" },
];

export function ShowcaseSection() {
  return (
    <section className="section showcase" aria-labelledby="showcase-title">
      <div className="container">
        <h2 id="showcase-title" className="section-title">
          Ils sont en ligne
        </h2>
        <p className="section-lead">
          Artisans, commerçants, restaurateurs&nbsp;: découvrez-les dans notre annuaire.
        </p>
        <ul className="showcase-grid">
          {SHOWCASE.map((s) => (
            <li key={s.name}>
              <div className="showcase-thumb" aria-hidden="true">
                {s.name}
              </div>
              <p>
                <strong>{s.name}</strong> · {s.place}
                <br />
                {s.kind}
              </p>
            </li>
          ))}
        </ul>
        <p className="center">
          <Link to={paths.directory()}>Voir l'annuaire des sites</Link>
        </p>
      </div>
    </section>
  );
}

const TESTIMONIALS = [
  {
    name: "Marie Payet",
    business: "Boulangerie Payet, Saint-Paul",
    text: "J'ai commandé le soir, mon site était en ligne avant la fin de mon café. Koza a écrit des textes qui me ressemblent.",
    rating: 5,
  },
  {
    name: "Jean Hoarau",
    business: "Garage Hoarau, Saint-Pierre",
    text: "Mes clients prennent rendez-vous en ligne, je gagne un temps fou. Et quand j'ai une question, on me répond le jour même.",
    rating: 5,
  },
  {
    name: "Sandra Joseph",
    business: "Coiffure Madinina, Fort-de-France",
    text: "Simple, rapide et pas cher. La formation de 30 minutes m'a suffi pour tout modifier moi-même.",
    rating: 4,
  },
];

export function Testimonials() {
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title" className="section-title">
          Ils nous font confiance
        </h2>
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure>
                <p className="rating" role="img" aria-label={`Note : ${t.rating} sur 5`}>
                  {"★".repeat(t.rating)}
                  {"☆".repeat(5 - t.rating)}
                </p>
                <blockquote>
                  <p>«&nbsp;{t.text}&nbsp;»</p>
                </blockquote>
                <figcaption>
                  <strong>{t.name}</strong>, {t.business}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function CallToAction() {
  const goToPlans = useGoToPlans();
  return (
    <section className="section cta" aria-labelledby="cta-title">
      <div className="container center">
        <h2 id="cta-title">Prêt à être visible en ligne&nbsp;?</h2>
        <p>Votre site professionnel en moins de 10 minutes, sans engagement.</p>
        <button type="button" className="button button-accent button-large" onClick={goToPlans}>
          Choisir mon offre
        </button>
      </div>
    </section>
  );
}
