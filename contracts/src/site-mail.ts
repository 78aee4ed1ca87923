import { isPlainAddress } from "./mailboxes.ts";

// What a site's own mail (WordPress's e-mails, its contact form) shows the customer: French words
// shared by the order page and the server (no zod here: pages import this file).

export const SITE_MAIL_MESSAGES = {
  contactRequired: "Indiquez l'adresse qui recevra les messages du formulaire de contact.",
  contactInvalid:
    "Cette adresse e-mail n'est pas valide : vérifiez-la (exemple : contact@mon-entreprise.re).",
  /** MAIL_HOST=off, or a process without the mail host: said on the order page and on the site. */
  sendingOff:
    "Votre site ne peut pas envoyer d'e-mails pour le moment : l'hébergement e-mail n'est pas activé sur ce serveur. Les e-mails de mot de passe oublié et le formulaire de contact ne partent pas ; écrivez-nous si vous en avez besoin.",
  sendingPaused:
    "Le service e-mail de votre site est momentanément indisponible : réessayez dans quelques minutes.",
  notReady: "Le formulaire de contact sera réglable dès que votre site sera en ligne.",
  siteUnreachable:
    "Votre site ne répond pas pour le moment : l'adresse n'a pas été changée. Réessayez dans quelques minutes.",
  saved: "Adresse enregistrée : les messages du formulaire de contact y arriveront désormais.",
} as const;

/** An address as the contact form's recipient: a plain shape, at most 254 characters. */
export function contactEmailRefusal(v: string): string | null {
  if (v.length === 0) return SITE_MAIL_MESSAGES.contactRequired;
  return isPlainAddress(v) ? null : SITE_MAIL_MESSAGES.contactInvalid;
}
