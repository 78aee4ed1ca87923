import { z } from "zod";

/** Every error the API returns has this shape; `detail` is French and safe to show. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

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
