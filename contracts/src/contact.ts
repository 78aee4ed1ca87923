export const CONTACT_MESSAGES = {
  success: "Message envoyé avec succès ! Nous vous répondrons rapidement.",
  failure: "Erreur lors de l'envoi du message.",
  network: "Erreur de connexion. Veuillez réessayer.",
} as const;

export const LOST_LINK_MESSAGES = {
  success: "Email envoyé ! Vérifiez votre boîte de réception.",
  notFound: "Aucune commande trouvée pour cet email.",
  network: "Une erreur est survenue. Veuillez réessayer.",
} as const;
