import { z } from "zod";
import { PlanId } from "./plans.ts";
import { isValidSubdomain, SUBDOMAIN_FORMAT_ERROR } from "./subdomain.ts";

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
  kozaAddFailed: "Erreur lors de l'ajout de l'option Koza",
  kozaAlreadyActive: "L'option Koza est déjà active sur ce site.",
} as const;

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

const text = (max: number) => z.string().trim().max(max).default("");
const required = z
  .string({ error: CHECKOUT_MESSAGES.missingFields })
  .trim()
  .min(1, CHECKOUT_MESSAGES.missingFields);

/** Customer data sent at checkout (spec section 3), plus the directory category when opted in. */
export const CustomerData = z.object({
  email: required.pipe(z.email("Adresse e-mail invalide.").max(254)),
  name: required.pipe(z.string().max(120)),
  phone: text(40),
  company_name: text(160),
  address: text(200),
  city: text(100),
  postal_code: text(20),
  country: z
    .enum(COUNTRIES.map((c) => c.value) as [string, ...string[]], "Pays inconnu.")
    .default(DEFAULT_COUNTRY),
  siret: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.union([z.literal(""), z.string().regex(/^\d{14}$/, "Le SIRET compte 14 chiffres.")]))
    .default(""),
  company_type: z.enum(LEGAL_FORMS, "Forme juridique inconnue.").default(""),
  directory_opt_in: z.boolean().default(false),
  category: z.enum(DIRECTORY_CATEGORIES, "Catégorie inconnue.").optional(),
  /** The chosen subdomain followed by the base domain (the server checks the base domain). */
  domain: required.pipe(
    z
      .string()
      .toLowerCase()
      .max(253)
      .refine((d) => isValidSubdomain(d.split(".")[0] ?? ""), SUBDOMAIN_FORMAT_ERROR),
  ),
  /** The plan name. */
  plan: z.string().trim().max(40).default(""),
});
export type CustomerData = z.infer<typeof CustomerData>;

export const CreateCheckoutSessionRequest = z.object({
  plan_id: z.string({ error: CHECKOUT_MESSAGES.noPlan }).trim().min(1, CHECKOUT_MESSAGES.noPlan),
  customer_data: CustomerData,
  success_url: z.url(CHECKOUT_MESSAGES.foreignUrl),
  cancel_url: z.url(CHECKOUT_MESSAGES.foreignUrl),
  koza_option: z.boolean().default(false),
  coupon_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(40)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateCheckoutSessionRequest = z.input<typeof CreateCheckoutSessionRequest>;

export const CheckoutSessionCreated = z.object({ checkout_url: z.string() });

export const CouponResult = z.object({
  valid: z.boolean(),
  error: z.string().optional(),
  coupon: z.object({ percent_off: z.number() }).optional(),
});
export type CouponResult = z.infer<typeof CouponResult>;

export const SubdomainAvailability = z.object({ available: z.boolean(), detail: z.string().optional() });
export type SubdomainAvailability = z.infer<typeof SubdomainAvailability>;

/** What the success page polls (spec section 3), plus `failed` when provisioning failed. */
export const OrderStatusResponse = z.object({
  status: z.string(),
  order_id: z.string().nullable(),
  magic_link_token: z.string().nullable(),
  domain: z.string().nullable(),
  wp_admin_user: z.string().nullable(),
  wp_admin_password: z.string().nullable(),
  koza_option: z.boolean(),
  failed: z.boolean(),
});
export type OrderStatusResponse = z.infer<typeof OrderStatusResponse>;

/** The local test checkout page (embedded default, no Stripe). */
export const TEST_CHECKOUT_STATUS_LABELS = {
  open: "En attente de paiement",
  paid: "Payée",
  expired: "Expirée",
} as const;

export const TestCheckoutView = z.object({
  session_id: z.string(),
  status: z.enum(["open", "paid", "expired"]),
  status_label: z.string(),
  customer_email: z.string(),
  lines: z.array(z.object({ label: z.string(), amount_cents: z.number(), recurring: z.boolean() })),
  discount_label: z.string().nullable(),
  discount_cents: z.number(),
  vat_cents: z.number(),
  total_cents: z.number(),
  cancel_url: z.string(),
});
export type TestCheckoutView = z.infer<typeof TestCheckoutView>;

export { PlanId, SUBDOMAIN_FORMAT_ERROR };
