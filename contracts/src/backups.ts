/** Why a backup was taken: every day, on request, or before a change that replaces the site. */
export const BACKUP_KINDS = ["daily", "manual", "before-restore"] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  daily: "Sauvegarde quotidienne",
  manual: "Sauvegarde manuelle",
  "before-restore": "Avant restauration",
};

export const BACKUP_MESSAGES = {
  notFound: "Sauvegarde introuvable pour ce site.",
  noSite: "Ce site n'est pas encore en ligne : il n'a rien à sauvegarder.",
  busy: "Une opération est déjà en cours sur ce site (sauvegarde, restauration, installation ou génération Koza). Réessayez dans quelques minutes.",
  failed: "La sauvegarde a échoué. Notre équipe est prévenue.",
  restoreFailed:
    "La restauration a échoué : votre site est resté tel qu'il était. Notre équipe est prévenue.",
} as const;

/** "850 Ko", "12,4 Mo": sizes as the order page and the logs show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  const mo = Math.round((bytes / 1024 / 1024) * 10) / 10;
  return `${String(mo).replace(".", ",")} Mo`;
}
