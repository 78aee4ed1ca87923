import { type PlanId, planById } from "./plans.ts";

const GO = 1024 ** 3;

/** The mailboxes each plan includes: how many, and the storage of each (spec: Starter 5 × 5 Go). */
export const MAILBOX_ALLOWANCE: Record<PlanId, { count: number; quotaBytes: number }> = {
  starter: { count: 5, quotaBytes: 5 * GO },
  business: { count: 10, quotaBytes: 10 * GO },
  libre: { count: 0, quotaBytes: 0 },
};

/** A mailbox's storage as the pages show it: "5 Go", "2,5 Go". */
export const formatGigabytes = (bytes: number) =>
  `${String(Math.round((bytes / GO) * 10) / 10).replace(".", ",")} Go`;

/** A ceiling on aliases and forwards per site, against abuse only (they take no mailbox place). */
export const MAIL_ALIAS_LIMIT = 50;

/**
 * Names kept for the agency on every customer domain (RFC 2142 and the names mail servers and
 * registries write to): nobody may take them as a mailbox.
 */
export const RESERVED_LOCAL_PARTS = [
  "postmaster",
  "abuse",
  "hostmaster",
  "webmaster",
  "mailer-daemon",
  "root",
  "security",
  "noc",
  // The site's own sender login on the mail host (its WordPress sends as it).
  "wordpress",
] as const;

/** An out-of-office reply as the customer writes it; dates are La Réunion's days (YYYY-MM-DD). */
export interface MailboxVacation {
  enabled: boolean;
  subject: string;
  message: string;
  /** First day it answers, or null: from now on. */
  start: string | null;
  /** Last day it answers, or null: until turned off. */
  end: string | null;
}

export const VACATION_LIMITS = { subject: 150, message: 5000 } as const;

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? "s" : ""}`;

/** "a, b et c" */
export const listed = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} et ${items.at(-1)}` : (items[0] ?? "");

export const MAILBOX_MESSAGES = {
  localPartRequired: "Indiquez le début de l'adresse, avant le @ (exemple : contact).",
  localPartWithDomain: "Indiquez seulement la partie avant le @ : le domaine est ajouté pour vous.",
  localPartTooLong: "La partie avant le @ ne peut dépasser 64 caractères.",
  localPartCharacters:
    "Seuls les lettres sans accent, les chiffres, le point, le tiret et le tiret bas sont acceptés (exemple : jean.dupont).",
  localPartEnds: "L'adresse doit commencer et finir par une lettre ou un chiffre.",
  localPartDoubleDot: "L'adresse ne peut pas contenir deux points à la suite.",
  reserved: (name: string) => `« ${name} » est réservé à l'hébergeur : choisissez un autre nom.`,
  taken: "Cette adresse existe déjà.",
  limitReached: (count: number) =>
    `Votre offre comprend ${count} adresses e-mail, toutes créées : supprimez-en une ou passez à l'offre supérieure.`,
  limitPending: (planName: string, count: number) =>
    count === 0
      ? `Votre passage à la formule ${planName} est programmé, et elle ne comprend pas d'adresse e-mail : gardez votre formule actuelle (bloc « Votre abonnement ») pour en créer.`
      : `Votre passage à la formule ${planName} est programmé, et elle comprend ${count} adresses e-mail, toutes créées : supprimez-en une ou gardez votre formule actuelle (bloc « Votre abonnement »).`,
  notIncluded:
    "L'offre Libre ne comprend pas d'adresse e-mail : passez à l'offre Starter ou Business pour en créer.",
  /**
   * The order page of a site whose plan has no mail but still has addresses (a change made at
   * Stripe, decision 0110): they work on, nothing is deleted, and what the customer can do.
   */
  outsidePlan: (planName: string, addresses: string[]) =>
    addresses.length > 1
      ? `Votre formule ${planName} ne comprend pas d'adresse e-mail, mais votre site a encore ces ${addresses.length} adresses : ${listed(addresses)}. Elles fonctionnent toujours et rien n'est supprimé. Pour les garder, reprenez la formule Starter ou Business (bloc « Votre abonnement ») ; sinon, récupérez les messages à garder, puis supprimez-les ci-dessous. Notre équipe en est informée.`
      : `Votre formule ${planName} ne comprend pas d'adresse e-mail, mais votre site a encore cette adresse : ${listed(addresses)}. Elle fonctionne toujours et rien n'est supprimé. Pour la garder, reprenez la formule Starter ou Business (bloc « Votre abonnement ») ; sinon, récupérez les messages à garder, puis supprimez-la ci-dessous. Notre équipe en est informée.`,
  /** The same, for the agency: its order card's alert and e-mail (decision 0110). */
  outsidePlanAgency: (planName: string, addresses: string[]) =>
    `La formule ${planName} ne comprend pas d'adresse e-mail, mais ${addresses.length > 1 ? `ces ${addresses.length} adresses restent` : "cette adresse reste"} en service : ${listed(addresses)}. Rien n'est supprimé ni bloqué : voyez avec le client s'il reprend la formule Starter ou Business, ou s'il supprime ${addresses.length > 1 ? "ces adresses" : "cette adresse"} après avoir récupéré ses messages (bloc « Adresses e-mail » de la commande).`,
  notReady: "Les adresses e-mail seront disponibles dès que votre site sera en ligne.",
  /** The site is archived: its addresses left the mail host with it (decision 0113). */
  siteArchived:
    "Votre site est archivé : ses adresses e-mail ne sont plus en service. Elles reviendront, avec leurs messages, si vous reprenez votre abonnement.",
  unknownMailDomain: "Ce domaine n'est pas un domaine e-mail de votre site : choisissez-en un de la liste.",
  unknownMailbox: "Cette adresse n'existe pas (ou plus).",
  hostDown: "Le service e-mail est momentanément indisponible : réessayez dans quelques minutes.",
  aliasTargetRequired: "Indiquez l'adresse qui recevra les messages.",
  aliasTargetInvalid: "Adresse de destination invalide (exemple : jean.dupont@gmail.com).",
  aliasTargetNotMailbox:
    "Sur le domaine de votre site, la destination doit être une de vos adresses e-mail existantes.",
  aliasTargetSelf: "Une adresse ne peut pas renvoyer vers elle-même.",
  aliasLimitReached: (count: number) =>
    `Vous avez atteint ${count} alias et renvois : supprimez-en un pour en créer un autre.`,
  unknownAlias: "Cet alias n'existe pas (ou plus).",
  domainHasAddresses: (domain: string, addresses: string[]) =>
    `Le domaine ${domain} porte encore ${addresses.length > 1 ? "ces adresses e-mail" : "cette adresse e-mail"} : ${addresses.join(", ")}. Supprimez-${addresses.length > 1 ? "les" : "la"} d'abord (bloc « Adresses e-mail » de la commande), après avoir prévenu le client : ses messages seraient perdus.`,
  setupUnknownDomain: "Ce domaine n'est pas servi par notre messagerie.",
  setupNoAddress: "Demande de configuration illisible : indiquez une adresse e-mail valide.",
  vacationSubjectRequired: "Indiquez l'objet de la réponse automatique.",
  vacationSubjectTooLong: `L'objet ne peut dépasser ${VACATION_LIMITS.subject} caractères.`,
  vacationSubjectOneLine: "L'objet tient sur une seule ligne.",
  vacationMessageRequired: "Écrivez le message de la réponse automatique.",
  vacationMessageTooLong: `Le message ne peut dépasser ${VACATION_LIMITS.message} caractères.`,
  vacationDateInvalid: "Date invalide : choisissez-la dans le calendrier (exemple : 24/12/2026).",
  vacationEndBeforeStart: "La date de fin doit suivre la date de début.",
  vacationEndPassed: "La date de fin est déjà passée : choisissez une date à venir ou aucune.",
} as const;

/** Why a local part is refused (the first rule it breaks), or null when it is fine. */
export function localPartRefusal(v: string): string | null {
  if (v.length === 0) return MAILBOX_MESSAGES.localPartRequired;
  if (v.includes("@")) return MAILBOX_MESSAGES.localPartWithDomain;
  if (v.length > 64) return MAILBOX_MESSAGES.localPartTooLong;
  if (!/^[a-z0-9._-]*$/.test(v)) return MAILBOX_MESSAGES.localPartCharacters;
  if (!/^[a-z0-9](?:.*[a-z0-9])?$/.test(v)) return MAILBOX_MESSAGES.localPartEnds;
  if (v.includes("..")) return MAILBOX_MESSAGES.localPartDoubleDot;
  // "post.master" or "Abuse" are the same names to a reader.
  const plain = v.replace(/[._-]/g, "");
  const reserved = RESERVED_LOCAL_PARTS.find((name) => name.replace(/-/g, "") === plain);
  return reserved ? MAILBOX_MESSAGES.reserved(reserved) : null;
}

/** Why an alias's target address is refused, or null when it is fine (trimmed, lower-cased). */
export function aliasTargetRefusal(v: string): string | null {
  if (v.length === 0) return MAILBOX_MESSAGES.aliasTargetRequired;
  return isPlainAddress(v) ? null : MAILBOX_MESSAGES.aliasTargetInvalid;
}

/** An e-mail address of a plain shape (trimmed, lower-cased), at most 254 characters. */
export function isPlainAddress(v: string): boolean {
  const address = /^[a-z0-9._%+-]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
  return v.length <= 254 && address.test(v);
}

/**
 * What a move from plan `from` to plan `to` does to the site's mail (decision 0105), in French,
 * for the plan form: `mailboxes` is how many the site has, `when` the phrase of the date ("le 22
 * décembre 2026", "tout de suite"). Null when both plans include the same mail.
 */
export function mailPlanChangeNotice(
  from: PlanId,
  to: PlanId,
  mailboxes: number,
  when: string,
): string | null {
  const before = MAILBOX_ALLOWANCE[from];
  const after = MAILBOX_ALLOWANCE[to];
  if (before.count === after.count && before.quotaBytes === after.quotaBytes) return null;
  const allowance = `${plural(after.count, "adresse")} e-mail de ${formatGigabytes(after.quotaBytes)}`;
  if (after.count === 0) {
    return mailboxes > 0
      ? `La formule ${planName(to)} ne comprend pas d'adresse e-mail : vos ${plural(mailboxes, "adresse")} e-mail et leurs messages devraient être supprimés.`
      : `La formule ${planName(to)} ne comprend pas d'adresse e-mail : vous ne pourrez plus en créer.`;
  }
  if (after.quotaBytes >= before.quotaBytes) {
    return mailboxes > 0
      ? `La formule ${planName(to)} comprend ${allowance} : ${mailboxes > 1 ? `vos ${mailboxes} adresses e-mail passent` : "votre adresse e-mail passe"} à ${formatGigabytes(after.quotaBytes)} ${when}.`
      : `La formule ${planName(to)} comprend ${allowance}.`;
  }
  const was = `au lieu de ${before.count} de ${formatGigabytes(before.quotaBytes)}`;
  return mailboxes > 0
    ? `La formule ${planName(to)} comprend ${allowance} (${was}) : ${mailboxes > 1 ? `vos ${mailboxes} adresses e-mail sont gardées, avec leurs messages, et chacune passe` : "votre adresse e-mail est gardée, avec ses messages, et passe"} à ${formatGigabytes(after.quotaBytes)} ${when}.`
    : `La formule ${planName(to)} comprend ${allowance} (${was}).`;
}

/** A mailbox as the plan change weighs it: its address and what it stores (null: unknown). */
export interface MailboxInUse {
  address: string;
  usedBytes: number | null;
}

/**
 * Whether a move to plan `to` must weigh what each mailbox stores (decision 0105): the plan has
 * room for them all, but less storage than one of them has now (`quotas`, each mailbox's storage).
 * The server then asks the mail host; the plan form reads the same figures from the mailbox list.
 */
export function mailPlanChangeWeighsUse(to: PlanId, quotas: number[]): boolean {
  const after = MAILBOX_ALLOWANCE[to];
  return after.count > 0 && quotas.length <= after.count && quotas.some((q) => q > after.quotaBytes);
}

/** What the server's refusal of a plan change adds: nothing was charged, scheduled or changed. */
export const PLAN_CHANGE_UNCHANGED = "Rien n'a été changé.";

/**
 * Why the site cannot move to plan `to` while it has these mailboxes and aliases (decision 0105),
 * in French, naming what to remove or empty first; null when it can. The form shows it before any
 * confirmation; the server's refusal adds « Rien n'a été changé. » (`PLAN_CHANGE_UNCHANGED`).
 * Nothing of the customer's mail is ever deleted by a plan change.
 */
export function mailPlanChangeRefusal(
  to: PlanId,
  mailboxes: MailboxInUse[],
  aliases: string[],
): string | null {
  const after = MAILBOX_ALLOWANCE[to];
  const name = planName(to);
  if (after.count === 0) {
    const addresses = [...mailboxes.map((m) => m.address), ...aliases].sort();
    if (addresses.length === 0) return null;
    return `La formule ${name} ne comprend pas d'adresse e-mail : supprimez d'abord ${addresses.length > 1 ? "ces adresses" : "cette adresse"} (bloc « Adresses e-mail »), après avoir récupéré les messages à garder : ${listed(addresses)}.`;
  }
  if (mailboxes.length > after.count) {
    const extra = mailboxes.length - after.count;
    return `La formule ${name} comprend ${plural(after.count, "adresse")} e-mail et votre site en a ${mailboxes.length} : supprimez-en ${extra} (bloc « Adresses e-mail »), après avoir récupéré les messages à garder, puis changez de formule. Vos adresses : ${listed(mailboxes.map((m) => m.address))}.`;
  }
  const full = mailboxes.filter((m) => m.usedBytes !== null && m.usedBytes > after.quotaBytes);
  if (full.length > 0) {
    const named = full.map((m) => `${m.address} (${formatGigabytes(m.usedBytes ?? 0)})`);
    return `Avec la formule ${name}, chaque adresse e-mail a ${formatGigabytes(after.quotaBytes)} : ${full.length > 1 ? `ces adresses en stockent davantage, videz-les` : "cette adresse en stocke davantage, videz-la"} d'abord (supprimez ou déplacez des messages) : ${listed(named)}.`;
  }
  return null;
}

const planName = (plan: PlanId) => planById(plan).name;
