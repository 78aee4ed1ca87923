import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { publicConfig } from "../config/public-config";
import { PlansLink } from "../features/marketing/plans-link";
import "../features/marketing/marketing.css";
import { pageMeta } from "../lib/page-meta";
import { localBusinessJsonLd } from "../lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "À propos\u00a0: une agence web réunionnaise",
    description:
      "Une agence web de Saint-Paul, à La Réunion, qui met en ligne en quelques minutes les sites des artisans, TPE et PME des Outre-mer\u00a0: notre histoire, nos valeurs, notre équipe.",
    path: paths.about(),
    jsonLd: [localBusinessJsonLd()],
  });

const VALUES = [
  {
    title: "Proximité",
    text: "Une équipe à Saint-Paul, qui connaît le tissu économique réunionnais et ultramarin, et qui vous répond en français, à vos heures.",
  },
  {
    title: "Simplicité",
    text: "Trois offres claires, un site en ligne en quelques minutes, et des explications sans jargon technique.",
  },
  {
    title: "Transparence",
    text: "Des prix HT affichés, la TVA de 8,5 % détaillée avant de payer, et un préavis de 30 jours seulement pour partir.",
  },
  {
    title: "Liberté",
    text: "Des sites WordPress standards\u00a0: votre contenu vous appartient, vous le modifiez et le faites évoluer librement.",
  },
];

const FIGURES = [
  { value: "< 10 min", label: "pour mettre votre site en ligne" },
  { value: "15 min", label: "pour que Koza rédige vos 5 pages" },
  { value: "6 j sur 7", label: "de support, à l'heure de La Réunion" },
  { value: "Chaque jour", label: "une sauvegarde de votre site" },
];

export default function About() {
  const c = publicConfig;
  return (
    <>
      <PageHeader title="À propos">
        <p>
          Une agence web de Saint-Paul, à La Réunion, au service des artisans, des TPE et des PME des
          Outre-mer et de métropole.
        </p>
      </PageHeader>
      <section className="section about-section" aria-labelledby="story-title">
        <div className="container">
          <div className="prose">
            <h2 id="story-title">Notre histoire</h2>
            <p>
              Tout est parti d'un constat simple&nbsp;: à La Réunion comme à Mayotte, aux Antilles ou en
              Guyane, trop d'artisans et de commerçants renoncent à leur site internet. Les devis sont élevés,
              les délais longs, et une fois le site livré, personne ne s'occupe des mises à jour.
            </p>
            <p>
              Nous avons donc automatisé tout ce qui pouvait l'être&nbsp;: l'installation de WordPress, le
              certificat SSL, les sauvegardes, et même la rédaction des textes avec Koza, notre agent IA.
              Votre site est en ligne en moins de 10 minutes, pour un abonnement mensuel sans engagement.
            </p>
            <p>
              L'automatisation ne remplace pas l'humain&nbsp;: une vraie équipe, ici à Saint-Paul, vous forme
              gratuitement pendant 30 minutes en visio, répond à vos questions et veille sur votre site.
            </p>
          </div>
        </div>
      </section>
      <section className="section about-section" aria-labelledby="values-title">
        <div className="container">
          <h2 id="values-title">Nos valeurs</h2>
          <ul className="feature-grid">
            {VALUES.map((value) => (
              <li key={value.title}>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section about-section" aria-labelledby="figures-title">
        <div className="container">
          <h2 id="figures-title">En quelques chiffres</h2>
          <ul className="figure-grid">
            {FIGURES.map((figure) => (
              <li key={figure.label}>
                <strong>{figure.value}</strong> <span>{figure.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section about-section" aria-labelledby="identity-title">
        <div className="container">
          <h2 id="identity-title">Qui sommes-nous&nbsp;?</h2>
          <dl className="identity">
            <dt>Raison sociale</dt>
            <dd>{c.COMPANY_NAME}</dd>
            <dt>Forme juridique</dt>
            <dd>{c.COMPANY_LEGAL_FORM}</dd>
            <dt>SIRET</dt>
            <dd>{c.COMPANY_SIRET}</dd>
            <dt>Adresse</dt>
            <dd>{c.COMPANY_ADDRESS}</dd>
            <dt>E-mail</dt>
            <dd>
              <a href={paths.mailto(c.CONTACT_EMAIL)}>{c.CONTACT_EMAIL}</a>
            </dd>
            <dt>Téléphone</dt>
            <dd>
              <a href={paths.tel(c.CONTACT_PHONE)}>{c.CONTACT_PHONE}</a>
            </dd>
          </dl>
          <p className="about-cta">
            <PlansLink className="button button-accent button-large">Créer mon site</PlansLink>
          </p>
        </div>
      </section>
    </>
  );
}
