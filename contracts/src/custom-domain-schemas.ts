import { z } from "zod";
import { DOMAIN_MESSAGES, normaliseDomain } from "./custom-domain.ts";

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
