import { PageHeader } from "../components/ui/page-header";
import { publicConfig } from "../config/public-config";
import "../features/marketing/marketing.css";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "À propos",
    description:
      "Une agence web de Saint-Paul, à La Réunion, qui met en ligne les sites des artisans, TPE et PME en quelques minutes.",
  });

const VALUES = [
  {
    title: "Proximité",
    text: "Une équipe à Saint-Paul, qui connaît le tissu économique réunionnais et vous répond en français.",
  },
  {
    title: "Simplicité",
    text: "Des offres claires, sans engagement, et un site en ligne sans jargon technique.",
  },
  {
    title: "Transparence",
    text: "Des prix HT affichés, la TVA de 8,5 % détaillée, et 30 jours de préavis pour partir.",
  },
  {
    title: "Durabilité",
    text: "Des sites WordPress standards, que vous gardez, modifiez et faites évoluer librement.",
  },
];

const FIGURES = [
  { value: "< 10 min", label: "pour mettre un site en ligne" },
  { value: "5 pages", label: "rédigées par Koza en 15 minutes" },
  { value: "6 jours", label: "sur 7 de support, heure de La Réunion" },
  { value: "1 sauvegarde", label: "par jour et par site" },
];

export default function About() {
  return (
    <>
      <PageHeader title="À propos">
        <p>
          Une agence web de Saint-Paul, à La Réunion, au service des artisans, des TPE et des PME des
          Outre-mer et de métropole.
        </p>
      </PageHeader>
      <section className="section">
        <div className="container">
          <h2>Notre histoire</h2>
          <p>
            Tout est parti d'un constat simple&nbsp;: à La Réunion comme dans les autres territoires
            d'Outre-mer, trop d'artisans et de commerçants renoncent à leur site internet, faute de temps ou
            de budget. Nous avons donc automatisé tout ce qui pouvait l'être&nbsp;: l'installation, la
            sécurité, les sauvegardes, et même la rédaction avec Koza, notre agent IA. Votre site est en ligne
            en moins de 10 minutes, et une vraie équipe reste à vos côtés ensuite.
          </p>
          <h2>Nos valeurs</h2>
          <ul className="feature-grid">
            {VALUES.map((v) => (
              <li key={v.title}>
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
          <h2>En quelques chiffres</h2>
          <ul className="feature-grid">
            {FIGURES.map((f) => (
              <li key={f.label}>
                <h3>{f.value}</h3>
                <p>{f.label}</p>
              </li>
            ))}
          </ul>
          <h2>Qui sommes-nous&nbsp;?</h2>
          <p>
            {publicConfig.COMPANY_NAME}, {publicConfig.COMPANY_LEGAL_FORM}, SIRET {publicConfig.COMPANY_SIRET}
            , {publicConfig.COMPANY_ADDRESS}. Contact&nbsp;: {publicConfig.CONTACT_EMAIL} ·{" "}
            {publicConfig.CONTACT_PHONE}.
          </p>
        </div>
      </section>
    </>
  );
}
