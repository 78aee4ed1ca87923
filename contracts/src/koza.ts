import { z } from "zod";

export const KOZA_STYLES = ["modern", "classic", "bold", "minimal"] as const;
export const KOZA_STYLE_LABELS: Record<(typeof KOZA_STYLES)[number], string> = {
  modern: "Moderne",
  classic: "Classique",
  bold: "Audacieux",
  minimal: "Minimaliste",
};
export const KOZA_MAX_PHOTOS = 5;
export const KOZA_DEFAULT_COLORS = { primary: "#ff6b35", secondary: "#4a5568" } as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} : champ obligatoire.` })
    .trim()
    .min(1, `${label} : champ obligatoire.`)
    .max(max);
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Couleur invalide (format #rrggbb).");

/** The Koza questionnaire (spec section 3), without its files. */
export const KozaData = z.object({
  businessType: text("Type d'activité", 120),
  businessName: text("Nom de l'entreprise", 120),
  businessDescription: text("Description", 1500),
  targetAudience: z.string().trim().max(500).default(""),
  services: z.array(text("Service", 200)).length(3, "Indiquez exactement 3 services."),
  uniqueValue: text("Ce qui vous distingue", 800),
  contactInfo: z.object({
    phone: text("Téléphone", 40),
    email: z.string().trim().pipe(z.email("Adresse e-mail invalide.")),
    address: text("Adresse", 300),
    hours: z.string().trim().max(300).default(""),
  }),
  colors: z.object({ primary: hex, secondary: hex }).default(KOZA_DEFAULT_COLORS),
  style: z.enum(KOZA_STYLES, "Style inconnu.").default("modern"),
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
  badJson: "Les réponses du questionnaire sont illisibles.",
  badFile: "Fichier refusé : seules les images JPEG, PNG ou WebP sont acceptées.",
  tooManyPhotos: "5 photos au maximum.",
} as const;
