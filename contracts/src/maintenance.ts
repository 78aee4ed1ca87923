import type { PlanId } from "./plans.ts";

/** How a plan's sites are updated: by the nightly job, or when the customer asks (Libre). */
export type UpdateMode = "automatic" | "manual";
export const updateMode = (plan: PlanId): UpdateMode => (plan === "libre" ? "manual" : "automatic");

/** What started an update. */
export const UPDATE_TRIGGERS = ["schedule", "customer", "admin"] as const;
export type UpdateTrigger = (typeof UPDATE_TRIGGERS)[number];

/**
 * How an update ended: `updated` (the site answers with its new versions), `rolled-back` (it did
 * not answer: the backup taken just before was put back), `failed` (nothing could be done or the
 * rollback itself failed: the agency is on it), `running` meanwhile.
 */
export const UPDATE_RESULTS = ["running", "updated", "rolled-back", "failed"] as const;
export type UpdateResult = (typeof UPDATE_RESULTS)[number];

export const UPDATE_RESULT_LABELS: Record<UpdateResult, string> = {
  running: "En cours",
  updated: "Réussie",
  "rolled-back": "Annulée, site remis comme avant",
  failed: "Échouée",
};

export const UPDATE_TRIGGER_LABELS: Record<UpdateTrigger, string> = {
  schedule: "automatique",
  customer: "demandée par le client",
  admin: "lancée par l'agence",
};

/** What the monitoring last saw of a site. */
export type MonitorStatus = "up" | "down" | "unknown";
export const MONITOR_STATUS_LABELS: Record<MonitorStatus, string> = {
  up: "En ligne",
  down: "Hors ligne",
  unknown: "Pas encore vérifié",
};

export const MAINTENANCE_MESSAGES = {
  automatic: "Les mises à jour de votre formule sont automatiques : rien à demander.",
  nothingToUpdate: "Votre site est déjà à jour.",
  notLive: "Ce site n'est pas en ligne : il ne peut pas être mis à jour.",
  queued: "Mise à jour demandée : votre site est sauvegardé puis mis à jour dans les minutes qui viennent.",
  alreadyQueued: "Une mise à jour de ce site est déjà prévue.",
} as const;

/** "WordPress 6.8.3", "Extension akismet 5.3 → 5.4". */
export function describeItem(item: { kind: "core" | "plugin" | "theme"; slug: string }): string {
  if (item.kind === "core") return "WordPress";
  return `${item.kind === "plugin" ? "Extension" : "Thème"} ${item.slug}`;
}

/** Duration between two instants, in French: "4 min", "2 h 05", "3 j 4 h". */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, "0")}`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}
