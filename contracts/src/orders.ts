// The order's statuses and steps, for the pages and the server; the schemas of the order as the
// API answers it are in orders-schemas.ts (the pages import no zod).

export const ORDER_STATUSES = ["pending", "processing", "active", "error"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STEP_KEYS = ["payment", "subdomain", "wordpress", "kit", "email"] as const;
export type StepKey = (typeof STEP_KEYS)[number];

export const STEP_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export interface StepState {
  status: StepStatus;
  timestamp: string | null;
}
export type Steps = Partial<Record<StepKey, StepState>>;

/** `regenerate`: the site was reinstalled; the questionnaire's answers are kept for a new run. */
export const KOZA_STATUSES = ["pending", "processing", "completed", "error", "regenerate"] as const;
export type KozaStatus = (typeof KOZA_STATUSES)[number];

/** The French words for an order's status, as the admin pages and the CSV export show it. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  active: "Actif",
  processing: "En cours",
  pending: "En attente",
  error: "Erreur",
};

/** The French words for Koza's status, as the admin pages and the CSV export show it. */
export const KOZA_STATUS_LABEL: Record<KozaStatus, string> = {
  pending: "questionnaire à remplir",
  processing: "génération en cours",
  completed: "site généré",
  error: "en erreur",
  regenerate: "réponses gardées, à régénérer",
};

/**
 * What the token of an order page proves: `order`, the token the payment success page shows, opens
 * that order only; `mailbox`, the token of the e-mailed link, also proves control of the order's
 * mailbox and so opens the customer's other orders.
 */
export const ORDER_ACCESS = ["order", "mailbox"] as const;
export type OrderAccess = (typeof ORDER_ACCESS)[number];

export const LOG_LEVELS = ["info", "warning", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Progress of the steps, as the order page shows it: completed steps divided by their number. */
export function stepProgress(steps: Steps): number {
  return STEP_KEYS.filter((k) => steps[k]?.status === "completed").length / STEP_KEYS.length;
}

/**
 * Where a site's plan kit stands (decision 0058): `applied`; `waiting` for a plugin the source
 * cannot give now (retried by itself at `retryAt`); `off`, features of an earlier plan turned off
 * with the customer's data kept; `none`, a plan without a kit. `detail` is French, shown as it is.
 */
export const KIT_STATUSES = ["applied", "waiting", "off", "none"] as const;
export type KitStatus = (typeof KIT_STATUSES)[number];

/**
 * The steps as the order page and the admin show them. The kit step is recorded done once the
 * rest of the site is delivered without what the kit still waits for (decision 0058): while the
 * kit waits, it shows as pending, as the kit's notice under the steps says, not "Terminé".
 */
export function stepsAsShown(steps: Steps, kitStatus: KitStatus | null | undefined): Steps {
  return kitStatus === "waiting" ? { ...steps, kit: { status: "pending", timestamp: null } } : steps;
}
export interface KitState {
  plan: string;
  status: KitStatus;
  detail: string;
  /** What the kit brings, in French ("Boutique en ligne (WooCommerce)"). */
  features: string[];
  at: string;
  retryAt?: string;
  attempts?: number;
}
