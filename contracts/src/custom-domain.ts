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
