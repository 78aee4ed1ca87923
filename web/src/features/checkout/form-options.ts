/** The alerts of spec section 5, word for word. */
export const CHECKOUT_ALERTS = {
  noPlan: "Veuillez d'abord sélectionner un plan et remplir le formulaire de domaine.",
  missingFields: "Veuillez remplir tous les champs obligatoires (nom, domaine et courriel).",
  invalidDomain: "Format de domaine invalide.",
} as const;

export const COUNTRIES = [
  { value: "Réunion", label: "Réunion" },
  { value: "Mayotte", label: "Mayotte" },
  { value: "Martinique", label: "Martinique" },
  { value: "Guadeloupe", label: "Guadeloupe" },
  { value: "Guyane", label: "Guyane" },
  { value: "France (mainland)", label: "France (métropole)" },
  { value: "Autre", label: "Autre" },
] as const;

export const LEGAL_FORMS = [
  { value: "", label: "Aucune" },
  ...["Auto-entrepreneur", "SARL", "SAS", "SASU", "EURL", "Association", "Autre"].map((v) => ({
    value: v,
    label: v,
  })),
];

export const DIRECTORY_CATEGORIES = [
  "Commerce / Retail",
  "Services professionnels",
  "Restauration / Hôtellerie",
  "Santé / Bien-être",
  "Artisanat / BTP",
  "Créatif / Artistique",
  "Tech / Digital",
  "Éducation / Formation",
  "Sport / Fitness",
  "Agriculture / Environnement",
  "Juridique / Finance",
  "Automobile / Transport",
  "Immobilier",
  "Événementiel / Communication",
  "Autre",
] as const;
export const DEFAULT_CATEGORY = "Autre";
