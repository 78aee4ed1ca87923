import { z } from "zod";
import {
  DOMAIN_ADMIN_MESSAGES,
  DOMAIN_FAILURES,
  DOMAIN_MESSAGES,
  DOMAIN_STATES,
  normaliseDomain,
} from "./custom-domain.ts";

/** Labels of 1-63 letters, digits or hyphens (not at either end), a letter TLD or a punycode one. */
const DOMAIN = /^(?=.{4,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

export const DomainName = z
  .string({ error: DOMAIN_MESSAGES.domainRequired })
  .trim()
  .min(1, DOMAIN_MESSAGES.domainRequired)
  .refine((v) => !/[/:?#@\\]/.test(v), DOMAIN_MESSAGES.domainNotAnAddress)
  .transform(normaliseDomain)
  .pipe(z.string().regex(DOMAIN, DOMAIN_MESSAGES.domainInvalid));

/** A custom-domain request from the order page (spec section 3). The form sends 'yes'/'no'. */
export const DomainRequest = z.object({
  hasOwnDomain: z.union([z.boolean(), z.enum(["yes", "no"]).transform((v) => v === "yes")], {
    error: DOMAIN_MESSAGES.hasOwnDomain,
  }),
  domainName: DomainName,
  message: z.string().trim().max(2000, DOMAIN_MESSAGES.messageTooLong).default(""),
});
export type DomainRequest = z.input<typeof DomainRequest>;

/** One DNS record the customer sets at their registrar so their own domain reaches their site. */
export const DnsRecord = z.object({
  type: z.enum(["A", "AAAA", "ALIAS", "CNAME"]),
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof DnsRecord>;

/** The answer to a domain request: the records to set when the customer owns the domain. */
export const DomainRequestResult = z.object({
  success: z.literal(true),
  detail: z.string(),
  /** The domain as recorded (lowercase, without `www.`, punycode). */
  domain: z.string(),
  dns_records: z.array(DnsRecord),
});
export type DomainRequestResult = z.infer<typeof DomainRequestResult>;

/** A custom domain as its customer sees it on the order page. */
export const CustomDomainView = z.object({
  domain: z.string(),
  state: z.enum(DOMAIN_STATES),
  failure: z.enum(DOMAIN_FAILURES).nullable(),
  /** French: what is wrong and what to do (failed), or what the last check found (dns_pending). */
  reason: z.string().nullable(),
  /** https://<domain> once active. */
  url: z.string().nullable(),
  next_check_at: z.string().nullable(),
});
export type CustomDomainView = z.infer<typeof CustomDomainView>;

/** One check of a domain, as the admin reads it. */
export const DomainCheckEntry = z.object({
  at: z.string(),
  state: z.enum(DOMAIN_STATES),
  ok: z.boolean(),
  details: z.string(),
});
export type DomainCheckEntry = z.infer<typeof DomainCheckEntry>;

/** A custom domain in the admin: its state, its log and its certificate. */
export const AdminCustomDomain = CustomDomainView.extend({
  order_id: z.string(),
  subdomain: z.string(),
  has_own_domain: z.boolean(),
  certificate_expires_at: z.string().nullable(),
  checks: z.array(DomainCheckEntry),
});
export type AdminCustomDomain = z.infer<typeof AdminCustomDomain>;

export const AdminCustomDomains = z.object({ domains: z.array(AdminCustomDomain) });
export type AdminCustomDomains = z.infer<typeof AdminCustomDomains>;

/** The admin refuses a request: the reason is shown to the customer. */
export const RefuseDomainBody = z.object({
  reason: z
    .string({ error: DOMAIN_ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(1, DOMAIN_ADMIN_MESSAGES.reasonRequired)
    .max(500),
});

/** Where a mail DNS record stands after a check (the customer's domain, once live). */
export const MAIL_RECORD_STATUSES = ["ok", "missing", "wrong", "unreachable"] as const;

/** One DNS record that makes the customer's own domain a mail domain of their site. */
export const MailDnsRecord = z.object({
  type: z.enum(["MX", "TXT"]),
  /** What it is for, in a few words: "MX", "SPF", "DKIM", "DMARC". */
  label: z.string(),
  name: z.string(),
  value: z.string(),
  /** MX only: its priority. */
  priority: z.number().nullable(),
  /** French: what the record does and where to put it. */
  purpose: z.string(),
  status: z.enum(MAIL_RECORD_STATUSES),
  /** French: what the check found and what to do, null when the record is right. */
  detail: z.string().nullable(),
});
export type MailDnsRecord = z.infer<typeof MailDnsRecord>;

/** The mail records of the order's live custom domain, each with what the last check found. */
export const MailDnsCheck = z.object({
  domain: z.string(),
  records: z.array(MailDnsRecord),
  checked_at: z.string(),
});
export type MailDnsCheck = z.infer<typeof MailDnsCheck>;
