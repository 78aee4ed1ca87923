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

/**
 * Each plan's disk allowance for its site, MiB (decision 0095): what the site alone holds, its
 * files, media and database (mailboxes have their own, MAILBOX_ALLOWANCE). Business keeps a
 * shop's product images, Libre whatever its owner builds.
 */
export const SITE_DISK_MB: Record<PlanId, number> = {
  starter: 10_240,
  business: 20_480,
  libre: 20_480,
};

/** The largest allowance of any plan, MiB: a host's default for a site it knows no plan of. */
export const LARGEST_SITE_DISK_MB = Math.max(...Object.values(SITE_DISK_MB));

/** A plan's site allowance, or undefined for a plan id this build does not know. */
export function siteDiskMb(plan: string): number | undefined {
  return (planIds as readonly string[]).includes(plan) ? SITE_DISK_MB[plan as PlanId] : undefined;
}

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
