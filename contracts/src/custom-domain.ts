export const DOMAIN_MESSAGES = {
  hasOwnDomain: "Indiquez si vous possédez déjà ce domaine.",
  domainRequired: "Le nom de domaine est obligatoire.",
  domainInvalid: "Nom de domaine invalide (exemple : mon-entreprise.re).",
  domainNotAnAddress:
    "Indiquez seulement le nom de domaine, sans « https:// » ni « / » (exemple : mon-entreprise.re).",
  messageTooLong: "Message trop long (2000 caractères au plus).",
  alreadyRequested: "Une demande de domaine est déjà en cours pour ce site.",
  domainTaken: "Ce domaine est déjà relié à un autre site. Écrivez-nous s'il vous appartient.",
  platformDomain: "Ce domaine appartient à notre plateforme : indiquez votre propre nom de domaine.",
  sent: "Demande envoyée",
  mailNotLive: "Les enregistrements e-mail s'affichent dès que votre domaine est en ligne.",
  mailNotIncluded:
    "L'offre Libre ne comprend pas d'adresse e-mail : passez à l'offre Starter ou Business pour recevoir du courrier sur votre domaine.",
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

/**
 * The life of a custom domain (docs/decisions/0023-custom-domain-certificates.md):
 * requested (the agency buys it) → dns_pending (records to set) → dns_ok → certificate_pending
 * → active, or failed with a reason the customer can act on.
 */
export const DOMAIN_STATES = [
  "requested",
  "dns_pending",
  "dns_ok",
  "certificate_pending",
  "active",
  "failed",
] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/** Why a domain failed: a record points elsewhere, CAA forbids our authority, too many tries, or the agency refused it. */
export const DOMAIN_FAILURES = ["wrong_record", "caa", "rate_limit", "refused"] as const;
export type DomainFailure = (typeof DOMAIN_FAILURES)[number];

/** The state as the customer and the admin read it. */
export const DOMAIN_STATE_LABEL: Record<DomainState, string> = {
  requested: "Achat du domaine par notre équipe",
  dns_pending: "En attente de vos enregistrements DNS",
  dns_ok: "DNS vérifiés",
  certificate_pending: "Certificat HTTPS en cours de création",
  active: "Actif",
  failed: "Bloqué",
};

export const DOMAIN_ADMIN_MESSAGES = {
  rechecked: "Nouvelle vérification lancée.",
  refused: "Demande de domaine refusée.",
  removed: "Domaine retiré du site.",
  markedBought: "Domaine marqué comme acheté : la vérification DNS commence.",
  noDomain: "Cette commande n'a pas de domaine personnalisé.",
  notRequested: "Ce domaine n'attend pas d'achat par l'agence.",
  activeUpToDate:
    "Ce domaine est en ligne et son dernier renouvellement a réussi : le prochain se fera automatiquement.",
  notBought: "Ce domaine n'est pas encore acheté : marquez-le comme acheté pour lancer sa vérification.",
  reasonRequired: "Indiquez la raison du refus (elle est envoyée au client).",
} as const;
