import { KOZA_PRICE_CENTS, PLANS, PRICE_NOTE } from "@lagon/contracts/plans";
import { Link } from "react-router";
import { PageHeader } from "../components/ui/page-header";
import { paths, type ServiceAnchor } from "../config/paths";
import { publicConfig } from "../config/public-config";
import { PlansLink } from "../features/marketing/plans-link";
import "../features/marketing/marketing.css";
import { pageMeta } from "../lib/page-meta";
import { localBusinessJsonLd } from "../lib/seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Nos services\u00a0: création de site, e-commerce, maintenance, support",
    description:
      "Création de site WordPress en moins de 10 minutes, boutique en ligne, maintenance avec sauvegardes quotidiennes et support local à La Réunion\u00a0: le détail de nos services.",
    path: paths.services(),
    jsonLd: [localBusinessJsonLd({ plans: PLANS, kozaPrice: KOZA_PRICE_CENTS / 100 })],
  });

interface ServiceBlock {
  anchor: ServiceAnchor;
  title: string;
  intro: string;
  points: string[];
  price: string;
}

const SERVICES: ServiceBlock[] = [
  {
    anchor: "creation-details",
    title: "Création de site",
    intro:
      "Votre site WordPress est créé automatiquement dès votre paiement validé\u00a0: il est en ligne en moins de 10 minutes, et vos accès arrivent par e-mail.",
    points: [
      `Une adresse à votre nom, par exemple votre-entreprise.${publicConfig.BASE_DOMAIN}, avec certificat SSL.`,
      "Des adresses e-mail professionnelles (offres Starter et Business) et une sauvegarde de votre site chaque jour.",
      "Un accès administrateur WordPress\u00a0: textes, images et pages se modifient depuis votre navigateur.",
      `En option, Koza (${KOZA_PRICE_CENTS / 100} € HT, une seule fois)\u00a0: répondez à une dizaine de questions, notre agent IA rédige et illustre les 5 pages de votre site vitrine en 15 minutes environ.`,
      "Votre propre nom de domaine\u00a0: à partir de 15 € par an (.com, .fr, .re), ou gratuitement si vous en possédez déjà un. Notre équipe vous contacte sous 24h\u00a0; la propagation DNS prend ensuite 24 à 48 h.",
    ],
    price: "Offre Starter à 20 € HT par mois, offre Libre à 15 € HT par mois.",
  },
  {
    anchor: "ecommerce-details",
    title: "E-commerce",
    intro:
      "L'offre Business transforme votre site en boutique\u00a0: vendez et prenez des rendez-vous en ligne auprès de vos clients de La Réunion, des Outre-mer et de métropole.",
    points: [
      "Un site e-commerce complet\u00a0: catalogue de produits, panier et suivi des commandes.",
      "Le paiement en ligne par carte bancaire pour vos clients.",
      "La réservation en ligne\u00a0: rendez-vous, prestations ou tables, sans appels manqués.",
      "Des statistiques de visite pour savoir d'où viennent vos clients et ce qu'ils regardent.",
      "Le support prioritaire, la maintenance et les mises à jour inclus.",
    ],
    price: "Offre Business à 50 € HT par mois, la plus choisie par nos clients.",
  },
  {
    anchor: "maintenance-details",
    title: "Maintenance",
    intro:
      "Un site qui n'est pas entretenu devient lent et vulnérable. Avec nous, il reste à jour et protégé pendant que vous vous consacrez à votre activité.",
    points: [
      "Les mises à jour de WordPress, du thème et des extensions, appliquées et vérifiées par notre équipe (offres Starter et Business\u00a0; avec l'offre Libre, vous les faites vous-même).",
      "Une sauvegarde quotidienne de votre site, restaurée sur simple demande.",
      "Un certificat SSL renouvelé automatiquement et une surveillance de la sécurité.",
      "Un hébergement en France, conforme au RGPD.",
      "Sans engagement\u00a0: l'abonnement se résilie à tout moment avec un préavis de 30 jours.",
    ],
    price: "Incluse dans chaque abonnement, sans supplément.",
  },
  {
    anchor: "support-details",
    title: "Support",
    intro:
      "Une équipe basée à Saint-Paul, qui connaît vos réalités et vous répond en français, aux heures de La Réunion (UTC+4).",
    points: [
      "Du lundi au vendredi de 8h à 18h, le samedi de 9h à 12h\u00a0; fermé le dimanche.",
      "Une formation gratuite de 30 minutes en visio pour prendre votre site en main.",
      "Des guides PDF pas à pas, à télécharger depuis votre espace client.",
      "Le support prioritaire avec les offres Business et Libre.",
      `Par e-mail à ${publicConfig.CONTACT_EMAIL} ou par téléphone au ${publicConfig.CONTACT_PHONE}.`,
    ],
    price: "Inclus dans chaque abonnement.",
  },
];

export default function Services() {
  return (
    <>
      <PageHeader title="Nos services">
        <p>
          Tout ce qu'il faut pour être visible en ligne, de la création de votre site à son suivi au
          quotidien, pour les artisans, les TPE et les PME de La Réunion et des Outre-mer.
        </p>
      </PageHeader>
      <div className="container services-list">
        {SERVICES.map((service) => (
          <section
            key={service.anchor}
            id={service.anchor}
            className="service-block"
            aria-labelledby={`${service.anchor}-title`}
          >
            <h2 id={`${service.anchor}-title`}>{service.title}</h2>
            <p>{service.intro}</p>
            <ul>
              {service.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <p className="service-price">{service.price}</p>
          </section>
        ))}
      </div>
      <section className="container services-cta" aria-labelledby="services-cta-title">
        <div className="services-cta-inner">
          <h2 id="services-cta-title">Votre site en ligne aujourd'hui</h2>
          <p>{PRICE_NOTE}</p>
          <PlansLink className="button button-accent button-large">Voir les offres</PlansLink>
          <p>
            Une question avant de vous lancer&nbsp;? <Link to={paths.contact()}>Contactez notre équipe</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
