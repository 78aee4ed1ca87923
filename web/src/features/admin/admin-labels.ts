/** French words for the statuses the admin pages show. */

export { KOZA_STATUS_LABEL, ORDER_STATUS_LABEL } from "@lagon/contracts/orders";

export const STEP_LABEL: Record<string, string> = {
  payment: "Paiement",
  subdomain: "Sous-domaine",
  wordpress: "WordPress",
  kit: "Modules",
  email: "E-mail",
};

export const STEP_STATUS_LABEL: Record<string, string> = {
  completed: "terminée",
  processing: "en cours",
  failed: "en échec",
  pending: "en attente",
};

export const STEP_ICON: Record<string, string> = {
  completed: "✓",
  processing: "…",
  failed: "✕",
  pending: "○",
};

export const LOG_ACTION_LABEL: Record<string, string> = {
  payment: "paiement",
  subdomain: "sous-domaine",
  wordpress: "WordPress",
  kit: "modules de l'offre",
  email: "e-mail",
  active: "mise en ligne",
  provisioning: "création",
  resume: "reprise",
  reinstall: "réinstallation",
  "magic-link": "lien d'accès",
  "custom-domain": "domaine personnalisé",
  koza: "Koza",
  "subscription-renewed": "abonnement renouvelé",
  "subscription-payment-failed": "paiement refusé",
  "subscription-suspension-warning": "rappel avant suspension",
  "subscription-suspended": "suspension",
  "subscription-unsuspended": "suspension levée",
  "subscription-reactivated": "réactivation",
  "subscription-archive-warning": "rappel avant archivage",
  "subscription-archived": "archivage",
  "subscription-archive-expired": "copie finale supprimée",
  "subscription-cancel-scheduled": "résiliation programmée",
  "subscription-cancel-undone": "résiliation annulée",
  "subscription-cancelled": "résiliation effective",
  "subscription-plan-changed": "changement de formule",
  "subscription-plan": "changement de formule",
  "subscription-card": "carte de paiement",
  "subscription-site": "état du site",
  backup: "sauvegarde",
  restore: "restauration",
  "backup-alert": "alerte sauvegarde",
  "backup-drill": "exercice de restauration",
};

export const LOG_LEVEL_LABEL: Record<string, string> = {
  info: "info",
  warning: "avertissement",
  error: "erreur",
};

export const EMAIL_STATUS_LABEL: Record<string, string> = {
  queued: "en file d'attente",
  sent: "délivré au serveur d'e-mail",
  recorded: "enregistré (aucun serveur d'e-mail configuré)",
  failed: "échec de l'envoi",
};

export const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;
