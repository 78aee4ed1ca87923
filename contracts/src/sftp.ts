/**
 * SFTP access and plain sites (Libre, decision 0059): what the order page and the server share
 * without zod. Only Libre publishes anything; other plans keep their managed WordPress.
 */
import type { PlanId } from "./plans.ts";

export const SFTP_PLANS: readonly PlanId[] = ["libre"];

/** What the site serves: its WordPress, or the files of its plain-site folder. */
export const SITE_MODES = ["wordpress", "plain"] as const;
export type SiteMode = (typeof SITE_MODES)[number];

/** Where the SFTP session starts (the site's own folder) and the plain site's files, in the chroot. */
export const SFTP_HOME = "/wp-content";
export const PLAIN_SITE_FOLDER = "/wp-content/www";

export const SFTP_PASSWORD_MIN = 12;
export const SFTP_PASSWORD_MAX = 128;

/** Key types sshd accepts for a customer (no DSA, no certificates). */
export const SFTP_KEY_TYPES = [
  "ssh-ed25519",
  "ssh-rsa",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
  "sk-ssh-ed25519@openssh.com",
  "sk-ecdsa-sha2-nistp256@openssh.com",
] as const;

/** A public key line: type, base64 blob, an optional comment (letters, digits, @ . _ + -). */
export const SFTP_KEY_PATTERN =
  /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) [A-Za-z0-9+/]+={0,3}( [A-Za-z0-9@._+-]{1,100})?$/;

export const SFTP_FINGERPRINT_PATTERN = /^SHA256:[A-Za-z0-9+/]{43}$/;

export const SFTP_MESSAGES = {
  notIncluded:
    "L'accès SFTP et le site libre (fichiers statiques ou PHP) font partie de l'offre Libre : les offres Starter et Business gardent leur site WordPress entretenu par nos soins. Si votre site était en offre Libre, vos fichiers, votre mot de passe et vos clés SFTP sont gardés et reviennent avec l'offre Libre.",
  notReady: "L'accès SFTP sera disponible dès que votre site sera en ligne.",
  unavailable: "L'accès SFTP est momentanément indisponible : réessayez dans quelques minutes.",
  passwordRequired: "Choisissez un mot de passe, ou demandez-en un au hasard.",
  passwordShort: `Le mot de passe doit compter au moins ${SFTP_PASSWORD_MIN} caractères.`,
  passwordLong: `Le mot de passe ne peut dépasser ${SFTP_PASSWORD_MAX} caractères.`,
  passwordCharacters: "Le mot de passe ne peut contenir ni retour à la ligne ni caractère de contrôle.",
  keyRequired: "Collez votre clé publique (le contenu du fichier .pub, sur une ligne).",
  keyInvalid:
    "Clé publique illisible : collez la ligne entière du fichier .pub, par exemple « ssh-ed25519 AAAAC3… vous@ordinateur » (clés ed25519, RSA ou ECDSA).",
  keyUnknown: "Cette clé n'est pas (ou plus) enregistrée.",
  modeInvalid: "Choisissez « WordPress » ou « site libre ».",
  modeWordPress:
    "Votre site WordPress est de nouveau servi. Les fichiers de votre site libre restent dans /wp-content/www.",
  modePlain:
    "Votre site libre est servi depuis /wp-content/www. WordPress reste installé : vous pourrez y revenir à tout moment.",
} as const;

/** Why the choice of a plain site loses nothing, shown before the switch. */
export const PLAIN_SITE_NOTICE =
  "Le site libre sert les fichiers que vous déposez dans /wp-content/www (index.html ou index.php en premier). Votre WordPress n'est ni effacé ni modifié : ses fichiers, sa base de données et vos contenus restent en place, mais il n'est plus visible tant que le site libre est choisi (l'administration WordPress non plus). Revenir à WordPress le remet en ligne tel quel.";

/** Why a typed password is refused (French), or null. */
export function sftpPasswordRefusal(password: string): string | null {
  if (password.length === 0) return SFTP_MESSAGES.passwordRequired;
  if (password.length < SFTP_PASSWORD_MIN) return SFTP_MESSAGES.passwordShort;
  if (password.length > SFTP_PASSWORD_MAX) return SFTP_MESSAGES.passwordLong;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(password)) return SFTP_MESSAGES.passwordCharacters;
  return null;
}
