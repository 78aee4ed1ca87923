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

export const DIRECTORY_EMPTY = "Aucun site trouvé avec ces critères";
