import { z } from "zod";

/** Labels of 1-63 letters, digits or hyphens (not at either end), a letter TLD or a punycode one. */
const DOMAIN = /^(?=.{4,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

export const DOMAIN_MESSAGES = {
  hasOwnDomain: "Indiquez si vous possédez déjà ce domaine.",
  domainRequired: "Le nom de domaine est obligatoire.",
  domainInvalid: "Nom de domaine invalide (exemple : mon-entreprise.re).",
  domainNotAnAddress:
    "Indiquez seulement le nom de domaine, sans « https:// » ni « / » (exemple : mon-entreprise.re).",
  messageTooLong: "Message trop long (2000 caractères au plus).",
  alreadyRequested: "Une demande de domaine est déjà en cours pour ce site.",
  platformDomain: "Ce domaine appartient à notre plateforme : indiquez votre propre nom de domaine.",
  sent: "Demande envoyée",
} as const;

/**
 * The domain as typed, made canonical: trimmed, lowercase, without a leading `www.` or a final
 * dot; an internationalised name (café.re) becomes its punycode form (xn--caf-dma.re).
 */
export function normaliseDomain(input: string): string {
  let domain = input.trim().toLowerCase().replace(/\.$/, "");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matches any non-ASCII character
  if (/[^\x00-\x7f]/.test(domain) && !/[\s/:?#@\\]/.test(domain)) {
    try {
      domain = new URL(`http://${domain}`).hostname;
    } catch {
      // Left as typed: the syntax check below rejects it with a French message.
    }
  }
  return domain.replace(/^www\./, "");
}

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
