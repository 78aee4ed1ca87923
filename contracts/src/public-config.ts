import { z } from "zod";
import { DEFAULT_TAX_SETTINGS, TAX_RULE_IDS } from "./tax.ts";

/**
 * Settings the browser may see. Read from the environment at build time (the pages are
 * prerendered) and by the server at start-up; nothing secret belongs here.
 */
export const PublicConfig = z.object({
  COMPANY_NAME: z.string().min(1).default("Lagon Digital"),
  COMPANY_LEGAL_FORM: z.string().default("SAS"),
  COMPANY_SIRET: z
    .string()
    .regex(/^\d{14}$/, "14 chiffres")
    .default("12345678900012"),
  COMPANY_ADDRESS: z.string().default("12 rue du Lagon, 97460 Saint-Paul, La Réunion"),
  COMPANY_HOST: z.string().default("Lagon Digital, serveurs situés en France"),
  CONTACT_EMAIL: z.email().default("contact@lagon-digital.re"),
  CONTACT_PHONE: z.string().min(4).default("+262 262 00 00 00"),
  SOCIAL_FACEBOOK_URL: z.url().default("https://www.facebook.com/lagondigital"),
  SOCIAL_INSTAGRAM_URL: z.url().default("https://www.instagram.com/lagondigital"),
  BASE_DOMAIN: z.string().min(1).default("localhost"),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_PRICE_STARTER: z.string().min(1).default("price_local_starter"),
  STRIPE_PRICE_BUSINESS: z.string().min(1).default("price_local_business"),
  STRIPE_PRICE_LIBRE: z.string().min(1).default("price_local_libre"),
  /** The configurable cells of the VAT table (tax.ts, decision 0029): the summary follows them. */
  TAX_RULE_MAINLAND_PRIVATE: z.enum(TAX_RULE_IDS).default(DEFAULT_TAX_SETTINGS.TAX_RULE_MAINLAND_PRIVATE),
  TAX_RULE_MAINLAND_BUSINESS: z.enum(TAX_RULE_IDS).default(DEFAULT_TAX_SETTINGS.TAX_RULE_MAINLAND_BUSINESS),
  TAX_RULE_OTHER_PRIVATE: z.enum(TAX_RULE_IDS).default(DEFAULT_TAX_SETTINGS.TAX_RULE_OTHER_PRIVATE),
  TAX_RULE_OTHER_BUSINESS: z.enum(TAX_RULE_IDS).default(DEFAULT_TAX_SETTINGS.TAX_RULE_OTHER_BUSINESS),
  CRISP_WEBSITE_ID: z.string().optional(),
  /** Public address of the site: links in e-mails, canonical and sharing URLs of the pages. */
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export function readPublicConfig(env: Record<string, string | undefined>): PublicConfig {
  const picked = Object.fromEntries(
    Object.keys(PublicConfig.shape).map((k) => [k, env[k] === "" ? undefined : env[k]]),
  );
  return PublicConfig.parse(picked);
}
