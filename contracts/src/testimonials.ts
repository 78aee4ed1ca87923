/** What the admin's testimonial screen and routes say (decision 0047). */
export const TESTIMONIAL_MESSAGES = {
  created: "Témoignage ajouté : il apparaît sur la page d'accueil.",
  saved: "Témoignage enregistré.",
  deleted: "Témoignage supprimé : il n'apparaît plus sur la page d'accueil.",
  notFound: "Témoignage introuvable.",
  saveFailed: "Erreur lors de l'enregistrement",
  deleteFailed: "Erreur lors de la suppression",
} as const;

/** Limits of each field, shared by the form and the server. */
export const TESTIMONIAL_LIMITS = { name: 120, business: 160, text: 1000, siteUrl: 300 } as const;
