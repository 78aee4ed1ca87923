import { z } from "zod";
import {
  CHECKOUT_MESSAGES,
  COUNTRIES,
  DEFAULT_COUNTRY,
  DIRECTORY_CATEGORIES,
  LEGAL_FORMS,
} from "./checkout.ts";
import { planChoice } from "./plans-schemas.ts";
import { isValidSubdomain, SUBDOMAIN_FORMAT_ERROR } from "./subdomain.ts";

// The checkout's request and response schemas, for the server. The constants and messages the
// pages use live in checkout.ts, which imports no zod: the home page ships without it.

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
  /** Intra-EU VAT number of a business buyer, printed on its invoices. */
  vat_number: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s.-]+/g, "").toUpperCase())
    .pipe(
      z.union([
        z.literal(""),
        z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, CHECKOUT_MESSAGES.invalidVatNumber),
      ]),
    )
    .default(""),
  /** The express request for immediate start (IMMEDIATE_START_CONSENT), required. */
  immediate_start: z.literal(true, { error: CHECKOUT_MESSAGES.immediateStartRequired }),
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
  plan_id: planChoice(CHECKOUT_MESSAGES.noPlan),
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
export type CheckoutSessionCreated = z.infer<typeof CheckoutSessionCreated>;

export const CouponResult = z.object({
  valid: z.boolean(),
  error: z.string().optional(),
  coupon: z.object({ percent_off: z.number() }).optional(),
});
export type CouponResult = z.infer<typeof CouponResult>;

export const SubdomainAvailability = z.object({ available: z.boolean(), detail: z.string().optional() });
export type SubdomainAvailability = z.infer<typeof SubdomainAvailability>;

/**
 * What the success page polls (spec section 3), plus `failed` when provisioning failed. Its
 * `magic_link_token` is the order's page token: it opens this order only, as a token shown in
 * the browser proves nothing about the mailbox.
 */
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
export const TestCheckoutView = z.object({
  session_id: z.string(),
  status: z.enum(["open", "paid", "expired"]),
  status_label: z.string(),
  customer_email: z.string(),
  lines: z.array(z.object({ label: z.string(), amount_cents: z.number(), recurring: z.boolean() })),
  discount_label: z.string().nullable(),
  discount_cents: z.number(),
  /** "TVA 8,5 %", or the legal mention when no VAT applies. */
  vat_label: z.string(),
  vat_cents: z.number(),
  total_cents: z.number(),
  cancel_url: z.string(),
});
export type TestCheckoutView = z.infer<typeof TestCheckoutView>;

/** The test checkout paid: where the browser goes next (the success page). */
export const TestCheckoutPaid = z.object({ redirect_url: z.string() });

/** Stripe's webhook, acknowledged (`duplicate`: an event already handled). */
export const WebhookReceived = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
