import { MONTHS, SHORT_MONTHS } from "./french-date.ts";

/** The order page's three views of a site's visits. */
export const VISIT_GRAINS = ["day", "week", "month"] as const;
export type VisitGrain = (typeof VISIT_GRAINS)[number];

/** How many periods each view shows: 30 days, 13 weeks, 13 months (as long as logs are kept). */
export const VISIT_PERIODS: Record<VisitGrain, number> = { day: 30, week: 13, month: 13 };

export const VISIT_GRAIN_LABELS: Record<VisitGrain, { tab: string; range: string }> = {
  day: { tab: "Par jour", range: "les 30 derniers jours" },
  week: { tab: "Par semaine", range: "les 13 dernières semaines" },
  month: { tab: "Par mois", range: "les 13 derniers mois" },
};

/** The distinct visitors beside the charts (decision 0086): a visitor who comes back counts once. */
export const DISTINCT_VISITORS_LABELS = {
  title: "Visiteurs différents",
  last_7_days: "7 derniers jours",
  last_30_days: "30 derniers jours",
  help: "Une personne qui revient plusieurs jours n'est comptée qu'une fois ici, alors que les chiffres par jour, par semaine et par mois la comptent chaque jour où elle vient.",
} as const;

/** The kinds of device the order page shows, from GoAccess's operating systems. */
export const DEVICE_LABELS = {
  mobile: "Téléphone ou tablette",
  desktop: "Ordinateur",
  other: "Autre",
} as const;

/** A period's label: "26 nov.", "sem. du 23 nov.", "nov. 2026" (`start` is YYYY-MM-DD). */
export function visitPeriodLabel(grain: VisitGrain, start: string): string {
  const [year, month, day] = start.split("-").map(Number) as [number, number, number];
  const name = SHORT_MONTHS[month - 1];
  if (grain === "month") return `${name} ${year}`;
  if (grain === "week") return `sem. du ${day} ${name}`;
  return `${day} ${name}`;
}

/** A period's label for a screen reader or a table: "26 novembre 2026", "semaine du …", "novembre 2026". */
export function visitPeriodName(grain: VisitGrain, start: string): string {
  const [year, month, day] = start.split("-").map(Number) as [number, number, number];
  const name = MONTHS[month - 1];
  if (grain === "month") return `${name} ${year}`;
  if (grain === "week") return `semaine du ${day} ${name} ${year}`;
  return `${day} ${name} ${year}`;
}

/** What the order page of a Starter or Libre site says instead of figures. */
export const VISITS_PREVIEW =
  "Avec la formule Business, vous voyez ici les visites de votre site : visiteurs et pages vues par jour, par semaine et par mois sur 13 mois, les pages les plus lues, les sites qui vous envoient des visiteurs et la part des téléphones et des ordinateurs. Sans cookie ni bandeau de consentement : les chiffres viennent du journal de votre serveur, avec des adresses anonymisées.";
