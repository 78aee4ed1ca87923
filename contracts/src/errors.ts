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
