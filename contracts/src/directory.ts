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

/** The checkout's country value behind a directory country name (the filter's reverse). */
export function checkoutCountry(directoryName: string): string {
  return (
    { "La Réunion": "Réunion", "France métropolitaine": "France (mainland)" }[directoryName] ?? directoryName
  );
}

/** Sites per page of the directory (a multiple of 2, 3 and 4: full rows on every screen). */
export const DIRECTORY_PER_PAGE = 12;
export const DIRECTORY_MAX_PER_PAGE = 48;

export const DIRECTORY_EMPTY = "Aucun site trouvé avec ces critères";
