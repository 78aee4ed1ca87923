export const planIds = ["starter", "business", "libre"] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: "Starter" | "Business" | "Libre";
  /** Monthly price in euros, excluding tax. */
  price: number;
  description: string;
  features: string[];
  popular: boolean;
}

/** The three plans, in the order the home page shows them. */
export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    price: 20,
    description: "Le site vitrine clé en main pour présenter votre activité.",
    features: [
      "Site vitrine",
      "Nom de domaine personnalisé",
      "Certificat SSL",
      "Adresses e-mail professionnelles",
      "Support standard",
      "Maintenance incluse",
    ],
    popular: false,
  },
  {
    id: "business",
    name: "Business",
    price: 50,
    description: "Vendez en ligne et prenez des rendez-vous, sans souci technique.",
    features: [
      "Site e-commerce complet",
      "Statistiques de visite",
      "Réservation en ligne",
      "Support prioritaire",
      "Maintenance et mises à jour incluses",
    ],
    popular: true,
  },
  {
    id: "libre",
    name: "Libre",
    price: 15,
    description: "Un WordPress à vous, que vous construisez et publiez vous-même.",
    features: [
      "Tout type de site techniquement",
      "Construit et publié par vous",
      "Sous-domaine inclus",
      "SSL de base",
      "Support prioritaire",
      "Mises à jour manuelles",
    ],
    popular: false,
  },
];

export const KOZA_PRICE_EUR = 50;
export const VAT_RATE_PERCENT = 8.5;
export const PRICE_NOTE = "Prix hors taxes - TVA 8,5% applicable";

export function planByName(name: string): Plan | undefined {
  return PLANS.find((p) => p.name === name);
}

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}
