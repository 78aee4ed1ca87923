import { z } from "zod";
import { KOZA_DEFAULT_COLORS, KOZA_STYLES } from "./koza.ts";

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
