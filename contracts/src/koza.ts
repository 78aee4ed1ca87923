import { z } from "zod";

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
/** What the browser offers and the server accepts (judged by content on the server). */
export const KOZA_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const KOZA_DEFAULT_COLORS = { primary: "#ff6b35", secondary: "#4a5568" } as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} : champ obligatoire.` })
    .trim()
    .min(1, `${label} : champ obligatoire.`)
    .max(max, `${label} : ${max} caractères au maximum.`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} : ${max} caractères au maximum.`).default("");
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Couleur invalide (format #rrggbb attendu).");

/** The Koza questionnaire (spec section 3), without its files: `koza_data` of the upload. */
export const KozaData = z.object({
  businessType: text("Type d'activité", 120),
  businessName: text("Nom de l'entreprise", 120),
  businessDescription: text("Description", 1500),
  targetAudience: optionalText("Clientèle", 500),
  services: z
    .array(text("Service", 200), "Indiquez exactement 3 services.")
    .length(3, "Indiquez exactement 3 services."),
  uniqueValue: text("Ce qui vous distingue", 800),
  contactInfo: z.object(
    {
      phone: text("Téléphone", 40),
      email: z.string("Adresse e-mail invalide.").trim().pipe(z.email("Adresse e-mail invalide.")),
      address: text("Adresse", 300),
      hours: optionalText("Horaires", 300),
    },
    "Coordonnées manquantes.",
  ),
  colors: z
    .object({ primary: hex, secondary: hex }, "Couleurs invalides.")
    .default({ ...KOZA_DEFAULT_COLORS }),
  style: z
    .enum(KOZA_STYLES, "Style inconnu (moderne, classique, audacieux ou minimaliste).")
    .default("modern"),
  additionalPages: z.array(z.string().max(100)).max(10).default([]),
});
export type KozaData = z.output<typeof KozaData>;
export type KozaDataInput = z.input<typeof KozaData>;

export const KOZA_MESSAGES = {
  success: "Koza génère votre site ! Vous recevrez un email dès que c'est prêt (~15min).",
  failure: "Échec de génération",
  notPaid: "L'option Koza n'a pas été achetée pour ce site.",
  notActive: "Votre site n'est pas encore en ligne : réessayez dans quelques minutes.",
  alreadyRunning: "Une génération est déjà en cours pour ce site.",
  notMultipart: "Envoyez le questionnaire en multipart/form-data.",
  badJson: "Les réponses du questionnaire sont illisibles.",
  badFile: "Fichier refusé : seules les images JPEG, PNG ou WebP sont acceptées.",
  fileTooLarge: "Image trop volumineuse : 8 Mo au maximum par fichier.",
  tooManyPhotos: "5 photos au maximum.",
  malformed: "Envoi du questionnaire incomplet ou illisible : réessayez.",
  unexpectedField: "Champ inattendu dans l'envoi du questionnaire.",
} as const;
