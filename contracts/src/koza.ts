export const KOZA_STYLES = ["modern", "classic", "bold", "minimal"] as const;
export type KozaStyle = (typeof KOZA_STYLES)[number];
export const KOZA_STYLE_LABELS: Record<KozaStyle, string> = {
  modern: "Moderne",
  classic: "Classique",
  bold: "Audacieux",
  minimal: "Minimaliste",
};
export const KOZA_MAX_PHOTOS = 5;
/** Per uploaded image, before it is re-encoded. */
export const KOZA_MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Per submission, everything counted: a logo and five photos at most, and room for the answers. */
export const KOZA_MAX_UPLOAD_BYTES = (KOZA_MAX_PHOTOS + 1) * KOZA_MAX_IMAGE_BYTES + 1024 * 1024;
/** What the browser offers and the server accepts (judged by content on the server). */
export const KOZA_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const KOZA_DEFAULT_COLORS = { primary: "#ff6b35", secondary: "#4a5568" } as const;

export const KOZA_MESSAGES = {
  success: "Koza génère votre site ! Vous recevrez un email dès que c'est prêt (~15min).",
  failure: "Échec de génération",
  notPaid: "L'option Koza n'a pas été achetée pour ce site.",
  notActive: "Votre site n'est pas encore en ligne : réessayez dans quelques minutes.",
  alreadyRunning: "Une génération est déjà en cours pour ce site.",
  alreadyGenerated: "Votre site a déjà été généré par Koza.",
  regenerating:
    "Koza régénère votre site à partir de vos réponses : vous recevrez un e-mail dès que c'est prêt (~15min).",
  nothingToRegenerate: "Il n'y a rien à régénérer : Koza n'attend pas de régénération pour ce site.",
  answersLost: "Vos réponses précédentes ne sont plus disponibles : remplissez à nouveau le questionnaire.",
  notMultipart: "Envoyez le questionnaire en multipart/form-data.",
  badJson: "Les réponses du questionnaire sont illisibles.",
  badFile: "Fichier refusé : seules les images JPEG, PNG ou WebP sont acceptées.",
  fileTooLarge: "Image trop volumineuse : 8 Mo au maximum par fichier.",
  uploadTooLarge: "Envoi trop volumineux : un logo et 5 photos de 8 Mo au maximum chacun.",
  tooManyPhotos: "5 photos au maximum.",
  malformed: "Envoi du questionnaire incomplet ou illisible : réessayez.",
  unexpectedField: "Champ inattendu dans l'envoi du questionnaire.",
} as const;
