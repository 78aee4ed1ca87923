export const planIds = ["starter", "business", "libre"] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: "Starter" | "Business" | "Libre";
  /** Monthly price in euro cents, excluding tax (HT). */
  priceCents: number;
  description: string;
  features: string[];
  popular: boolean;
}

/** The three plans, in the order the home page shows them. */
export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    priceCents: 2000,
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
    priceCents: 5000,
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
    priceCents: 1500,
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

/** Koza, bought once, in euro cents excluding tax (HT). */
export const KOZA_PRICE_CENTS = 5000;
/** Word for word from the spec; the rate actually charged follows the buyer's territory (tax.ts). */
export const PRICE_NOTE = "Prix hors taxes - TVA 8,5% applicable";

export function planByName(name: string): Plan | undefined {
  return PLANS.find((p) => p.name === name);
}

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}
