// A site's subscription after its first payment: statuses, French labels and messages, and the
// local test cards. The API's schemas are in subscriptions-schemas.ts (the pages import no zod).

/**
 * - `active`: paid, the site is up.
 * - `past_due`: a renewal failed; retried during the grace period, the site stays up.
 * - `suspended`: unpaid after the grace period (or suspended by the agency): visitors get the
 *   "site suspendu" page (HTTP 503), wp-admin still works.
 * - `cancelled`: the customer's cancellation took effect: the site is offline as when suspended.
 * - `archived`: a final copy is kept, the site is removed from the host; paying restores it.
 */
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "suspended", "cancelled", "archived"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Actif",
  past_due: "Paiement en retard",
  suspended: "Suspendu",
  cancelled: "Résilié",
  archived: "Archivé",
};

/** The admin list's subscription filters ("all" is the list's default). */
export const SUBSCRIPTION_FILTERS = ["all", "past_due", "suspended", "cancel_scheduled"] as const;
export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];
export const SUBSCRIPTION_FILTER_LABELS: Record<SubscriptionFilter, string> = {
  all: "Tous les abonnements",
  past_due: "En retard",
  suspended: "Suspendus",
  cancel_scheduled: "Résiliation programmée",
};

/** Stripe's test cards, which the local test checkout and portal take too. */
export const TEST_CARDS = [
  { number: "4242424242424242", label: "Visa 4242 — paie toujours" },
  {
    number: "4000000000000341",
    label: "Visa 0341 — paie la commande, refuse tous les prélèvements suivants",
  },
  { number: "4000000000000002", label: "Visa 0002 — toujours refusée" },
] as const;
export const DEFAULT_TEST_CARD = "4242424242424242";

/** "•••• 4242" */
export const cardLabel = (number: string) => `•••• ${number.slice(-4)}`;

export const SUBSCRIPTION_MESSAGES = {
  noSubscription: "Ce site n'a pas d'abonnement.",
  siteChanging: "Abonnement modifié ; changement du site en cours sur l'hébergement…",
  siteChangeFailed:
    "L'hébergement n'a pas pu appliquer ce changement au site : nouvelle tentative au prochain passage, le détail est dans les logs de la commande.",
  siteChangeStillRunning:
    "Le changement du site continue : son résultat apparaîtra dans les logs de la commande.",
  alreadyCancelled: "L'abonnement est déjà résilié.",
  cancelAlreadyScheduled: "La résiliation est déjà programmée.",
  noCancelScheduled: "Aucune résiliation n'est programmée.",
  cancelTooLate: "La résiliation a déjà pris effet : elle ne peut plus être annulée.",
  samePlan: "C'est déjà votre formule.",
  unknownPlan: "Formule inconnue.",
  planChangeUnavailable: "Le changement de formule n'est possible que sur un abonnement actif.",
  unknownCard: "Carte de test inconnue. Utilisez 4242 4242 4242 4242 ou 4000 0000 0000 0341.",
  cardDeclined: "Votre carte a été refusée.",
  portalExpired: "Cette page de gestion a expiré. Rouvrez-la depuis votre espace client.",
  clockUnavailable: "L'horloge de test n'existe qu'avec le paiement de test (sans Stripe).",
  alreadySuspended: "Le site est déjà suspendu.",
  notSuspended: "Le site n'est pas suspendu.",
  reasonRequired: "Indiquez la raison.",
  siteArchived: "Le site est archivé : seul un paiement le rétablit.",
  cancelledOk: "Résiliation programmée.",
  undoOk: "Résiliation annulée : votre abonnement continue.",
  cardUpdated: "Carte enregistrée.",
} as const;
