/** The alerts and messages of spec sections 5 and 8, word for word. */
export const CHECKOUT_MESSAGES = {
  noPlan: "Veuillez d'abord sélectionner un plan et remplir le formulaire de domaine.",
  missingFields: "Veuillez remplir tous les champs obligatoires (nom, domaine et courriel).",
  invalidDomain: "Format de domaine invalide.",
  sessionFailed: "Erreur lors de la création de la session de paiement",
  couponCheckFailed: "Erreur de validation",
  unknownPlan: "Formule inconnue.",
  subdomainTaken: "Ce sous-domaine est déjà utilisé. Choisissez-en un autre.",
  subdomainReserved: "Ce sous-domaine est réservé. Choisissez-en un autre.",
  subdomainHeld:
    "Ce sous-domaine est en cours de réservation par un autre client. Réessayez dans 30 minutes ou choisissez-en un autre.",
  foreignUrl: "Adresse de retour non autorisée.",
  couponInvalid: "Code de réduction invalide.",
  couponExpired: "Ce code a expiré.",
  couponExhausted: "Ce code a atteint son nombre maximal d'utilisations.",
  sessionNotFound: "Session de paiement introuvable.",
  sessionExpired: "Cette session de paiement a expiré. Recommencez votre commande.",
  statusExpired:
    "Ce suivi de commande a expiré. Ouvrez votre espace client avec le lien d'accès reçu par e-mail, ou demandez-en un nouveau depuis la page Espace client.",
  kozaAddFailed: "Erreur lors de l'ajout de l'option Koza",
  kozaAlreadyActive: "L'option Koza est déjà active sur ce site.",
  immediateStartRequired:
    "Cochez la demande de création immédiate de votre site pour continuer : il est créé dès le paiement.",
  invalidVatNumber: "Numéro de TVA intracommunautaire invalide (exemple : FR40123456789).",
} as const;

/**
 * The buyer's express request for immediate start and acknowledgement of losing the 14-day
 * withdrawal right (Code de la consommation L221-25 and L221-28): the required checkbox of the
 * checkout, in these words.
 */
export const IMMEDIATE_START_CONSENT =
  "Je demande la création de mon site dès le paiement, avant la fin du délai de rétractation de 14 jours, et je reconnais perdre mon droit de rétractation une fois mon site créé.";

/** Section 8: the alert when the checkout could not be opened (`message` is the server's detail). */
export const checkoutRedirectError = (message: string) =>
  `Erreur lors de la redirection vers le paiement: ${message}`;

/** Section 4: the discount field's message once a code is valid. */
export const couponApplied = (percentOff: number) => `Réduction de ${percentOff}% appliquée !`;

export const COUNTRIES = [
  { value: "Réunion", label: "Réunion" },
  { value: "Mayotte", label: "Mayotte" },
  { value: "Martinique", label: "Martinique" },
  { value: "Guadeloupe", label: "Guadeloupe" },
  { value: "Guyane", label: "Guyane" },
  { value: "France (mainland)", label: "France (métropole)" },
  { value: "Autre", label: "Autre" },
] as const;
export const DEFAULT_COUNTRY = "Réunion";

export const LEGAL_FORMS = [
  "",
  "Auto-entrepreneur",
  "SARL",
  "SAS",
  "SASU",
  "EURL",
  "Association",
  "Autre",
] as const;

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

/** The local test checkout page (embedded default, no Stripe). */
export const TEST_CHECKOUT_STATUS_LABELS = {
  open: "En attente de paiement",
  paid: "Payée",
  expired: "Expirée",
} as const;
