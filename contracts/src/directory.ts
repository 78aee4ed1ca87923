import { z } from "zod";

export const DIRECTORY_COUNTRIES = [
  "La Réunion",
  "Mayotte",
  "Guadeloupe",
  "Martinique",
  "Guyane",
  "France métropolitaine",
] as const;

/** The checkout's country values, as the directory names them ('Autre' has no filter). */
export function directoryCountry(checkoutCountry: string): string {
  return (
    { Réunion: "La Réunion", "France (mainland)": "France métropolitaine" }[checkoutCountry] ??
    checkoutCountry
  );
}

export const DirectorySite = z.object({
  subdomain: z.string(),
  company_name: z.string(),
  city: z.string(),
  category: z.string(),
  country: z.string(),
  url: z.string(),
  has_koza: z.boolean(),
  created_at: z.string(),
});
export type DirectorySite = z.infer<typeof DirectorySite>;

export const DIRECTORY_EMPTY = "Aucun site trouvé avec ces critères";
