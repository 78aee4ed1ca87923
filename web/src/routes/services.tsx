import { PageHeader } from "../components/ui/page-header";
import type { ServiceAnchor } from "../config/paths";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Nos services",
    description:
      "Création de site WordPress, boutique en ligne, maintenance et support local à La Réunion : découvrez ce que comprend votre abonnement.",
  });

const services: { anchor: ServiceAnchor; title: string; text: string }[] = [
  {
    anchor: "creation-details",
    title: "Création de site",
    text: "Votre site WordPress est créé automatiquement sur son sous-domaine dans les minutes qui suivent votre paiement, avec certificat SSL, adresses e-mail professionnelles et sauvegardes quotidiennes. Avec l'option Koza, notre agent IA rédige les textes et choisit les photos d'un site vitrine de 5 pages à partir d'un questionnaire d'une dizaine de questions.",
  },
  {
    anchor: "ecommerce-details",
    title: "E-commerce",
    text: "L'offre Business vous donne une boutique en ligne complète\u00a0: catalogue de produits, paiement par carte, réservation en ligne et statistiques de visite. Vous vendez à vos clients de La Réunion, des Outre-mer et de métropole sans vous soucier de la technique.",
  },
  {
    anchor: "maintenance-details",
    title: "Maintenance",
    text: "Nous appliquons les mises à jour de WordPress, du thème et des extensions, surveillons la sécurité et sauvegardons votre site chaque jour. Votre site reste rapide et protégé pendant que vous vous consacrez à votre activité.",
  },
  {
    anchor: "support-details",
    title: "Support",
    text: "Une équipe basée à Saint-Paul vous répond du lundi au vendredi de 8h à 18h et le samedi de 9h à 12h, heure de La Réunion. Une formation gratuite de 30 minutes en visio vous aide à prendre votre site en main, et les offres Business et Libre bénéficient du support prioritaire.",
  },
];

export default function Services() {
  return (
    <>
      <PageHeader title="Nos services">
        <p>
          Tout ce qu'il faut pour être visible en ligne, de la création de votre site à son suivi au
          quotidien.
        </p>
      </PageHeader>
      <div className="container services-list">
        {services.map((service) => (
          <section
            key={service.anchor}
            id={service.anchor}
            className="service-block"
            aria-labelledby={`${service.anchor}-title`}
          >
            <h2 id={`${service.anchor}-title`}>{service.title}</h2>
            <p>{service.text}</p>
          </section>
        ))}
      </div>
    </>
  );
}
