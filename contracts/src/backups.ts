/** The changes to a site that are preceded by a backup of it (backupBeforeChange). */
export const CHANGE_REASONS = ["restore", "reinstall", "update", "suspension", "archive"] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];

/** Why a backup was taken: every day, on request, or before a change (`before-<reason>`). */
export const BACKUP_KINDS = [
  "daily",
  "manual",
  "before-restore",
  "before-reinstall",
  "before-update",
  "before-suspension",
  "before-archive",
] as const satisfies readonly ("daily" | "manual" | `before-${ChangeReason}`)[];
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  daily: "Sauvegarde quotidienne",
  manual: "Sauvegarde manuelle",
  "before-restore": "Avant restauration",
  "before-reinstall": "Avant réinstallation",
  "before-update": "Avant mise à jour",
  "before-suspension": "Avant suspension",
  "before-archive": "Avant archivage",
};

export const BACKUP_MESSAGES = {
  notFound: "Sauvegarde introuvable pour ce site.",
  noSite: "Ce site n'est pas encore en ligne : il n'a rien à sauvegarder.",
  busy: "Une opération est déjà en cours sur ce site (sauvegarde, restauration, installation ou génération Koza). Réessayez dans quelques minutes.",
  failed: "La sauvegarde a échoué. Notre équipe est prévenue.",
  archived:
    "Ce site est archivé : il revient en ligne, tel qu'il était, quand l'abonnement est réglé. Une restauration n'est pas possible avant.",
  restoreFailed:
    "La restauration a échoué : votre site est resté tel qu'il était. Notre équipe est prévenue.",
  backupStarted: "Sauvegarde lancée…",
  backupStillRunning: "La sauvegarde continue : son résultat apparaîtra dans les logs de la commande.",
  restoreStarted: "Restauration lancée…",
} as const;

/** "850 Ko", "12,4 Mo", "10 Go": sizes as the order page and the logs show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  if (bytes >= 1024 ** 3) return `${String(Math.round((bytes / 1024 ** 3) * 10) / 10).replace(".", ",")} Go`;
  const mo = Math.round((bytes / 1024 / 1024) * 10) / 10;
  return `${String(mo).replace(".", ",")} Mo`;
}
