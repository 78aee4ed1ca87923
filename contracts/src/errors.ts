/** The `detail` of the API's errors (every error answers `{ "detail": "…" }`, in French). */
export const MESSAGES = {
  invalidRequest: "Requête invalide.",
  notFound: "Ressource introuvable.",
  tooManyRequests: "Trop de tentatives. Veuillez patienter avant de réessayer.",
  internal: "Une erreur interne est survenue. Veuillez réessayer plus tard.",
  tokenMissing: "Jeton d'accès manquant.",
  tokenInvalid: "Jeton d'accès invalide.",
  adminTokenMissing: "Token admin manquant",
  adminAccessDenied: "Accès refusé",
} as const;

/**
 * What a visitor reads when a rate limit refused their request, with when to try again: the
 * answer's Retry-After, in seconds, and the visitor's own clock for the time it ends.
 */
export function tooManyRequestsFor(retryAfterSeconds: number, now: Date = new Date()): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} seconde${seconds > 1 ? "s" : ""}`
      : `${minutes} minute${minutes > 1 ? "s" : ""}`;
  const at = new Date(now.getTime() + seconds * 1000).toLocaleTimeString("fr-FR", {
    hour: "2-digit",
    minute: "2-digit",
  });
  return `Trop de demandes en peu de temps depuis votre connexion : celle-ci n'a pas été prise en compte. Réessayez dans ${wait} (à partir de ${at}).`;
}
