/**
 * The mail host driver: where customers' mailboxes live. Postfix receives (SMTP) and takes
 * authenticated submissions, Dovecot stores (LMTP), serves IMAP and enforces each mailbox's
 * quota; OpenDKIM signs what owners send. `LocalMailHost` is the embedded implementation, started by this process on loopback
 * ports (docs/operations/mail-host.md).
 */

import type { MailboxVacation } from "@lagon/contracts/mailboxes";

/** A mailbox as the host knows it: its password only as a hash ({SHA512-CRYPT}…). */
export interface MailboxSpec {
  /** Lower-case address, local@domain. */
  address: string;
  passwordHash: string;
  /** Storage allowed, in bytes. */
  quotaBytes: number;
}

/**
 * A site's own sender (its WordPress submits with it): the login wordpress@<domain>, which may
 * use any envelope sender of its domain but the mailboxes' own addresses.
 */
export interface SiteSenderSpec {
  domain: string;
  passwordHash: string;
}

/** The login (and default sender) of a site's WordPress on its mail domain. */
export function siteSenderLogin(domain: string): string {
  return `wordpress@${domain}`;
}

/** Where clients reach the host. */
export interface MailEndpoints {
  host: string;
  /** Incoming mail from other servers (no authentication, only for the host's domains). */
  smtpPort: number;
  /** Authenticated submission by mailbox owners. */
  submissionPort: number;
  imapPort: number;
  /** Roundcube in a browser, when this host serves it. */
  webmailUrl?: string;
  /**
   * Submission and IMAP take logins only after STARTTLS (decision 0083): the name their
   * certificate is checked for, and the file that certificate is checked against (the generated
   * one; none for an operator's from a public CA).
   */
  tls: MailTlsTrust;
}

/** How the host's own clients check its certificate. */
export interface MailTlsTrust {
  serverName: string;
  caFile?: string;
}

export interface MailHostHealth {
  ok: boolean;
  /** French, shown to the admin. */
  reason?: string;
}

export interface MailHost {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether start() succeeded and stop() has not been called since. */
  isStarted(): boolean;
  health(): Promise<MailHostHealth>;
  endpoints(): MailEndpoints;
  /** Accepts mail for the domain (idempotent). */
  addDomain(domain: string): Promise<void>;
  /**
   * Stops accepting mail for the domain, with its mailboxes, aliases, forwards, replies, site
   * sender, suspension, DKIM key and mail; does nothing more when it has none (decision 0113).
   */
  removeDomain(domain: string): Promise<void>;
  /** The mail domains the host serves now, as its own state says. */
  domains(): Promise<string[]>;
  /** Creates or updates a mailbox (password hash, quota); its domain must have been added. */
  setMailbox(mailbox: MailboxSpec): Promise<void>;
  /** Deletes a mailbox and its mail; does nothing when there is none. */
  removeMailbox(address: string): Promise<void>;
  /** Mail to `address` goes to `targets` (mailboxes of the host or outside addresses). */
  setAlias(address: string, targets: string[]): Promise<void>;
  removeAlias(address: string): Promise<void>;
  /** Turns a mailbox's out-of-office reply on (as given) or off (null, or not enabled). */
  setVacation(address: string, vacation: MailboxVacation | null): Promise<void>;
  /**
   * Suspends the domains' mail (nothing received: senders are told to retry; nothing sent; the
   * mailboxes, their mail and their logins kept) or lifts it; idempotent.
   */
  setSuspended(domains: string[], suspended: boolean): Promise<void>;
  /** Writes a tar of the domains' mailboxes (their mail, folders, Sieve scripts) into `into`, without ending it. */
  exportMail(domains: string[], into: NodeJS.WritableStream): Promise<void>;
  /** Replaces the domains' mail with a tar made by exportMail (its domains must have been added). */
  importMail(domains: string[], from: NodeJS.ReadableStream): Promise<void>;
  /** Deletes the domains' mail (kept elsewhere: a final copy), keeping their mailboxes' logins and keys. */
  removeMail(domains: string[]): Promise<void>;
  /** Creates or updates the site's sender login (its domain must have been added); idempotent. */
  setSiteSender(sender: SiteSenderSpec): Promise<void>;
  /**
   * Adds the domains and mailboxes it lacks, and gives those it has the hash and quota given (one
   * change): the database is the reference, the host can be rebuilt from it. Removes nothing.
   */
  restore(domains: string[], mailboxes: MailboxSpec[]): Promise<void>;
  /** The DNS TXT record of the domain's DKIM key (its name and value), once the domain is added. */
  dkimRecord(domain: string): Promise<{ name: string; value: string }>;
  /** Bytes stored in each mailbox asked for (0 for one that received nothing yet). */
  usage(addresses: string[]): Promise<Map<string, number>>;
}

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`);
const LOCAL = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/** Refuses anything but a plain lower-case domain name (it goes into configuration files). */
export function assertMailDomain(domain: string): void {
  if (domain.length > 253 || !DOMAIN.test(domain)) throw new Error(`invalid mail domain: ${domain}`);
}

/** Refuses anything but local@domain in the shape the contracts accept. */
export function assertMailAddress(address: string): void {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  if (at < 1 || !LOCAL.test(local) || local.includes("..")) throw new Error(`invalid address: ${address}`);
  assertMailDomain(address.slice(at + 1));
}

/** Outside targets of an alias: any address of a plain shape. */
export function assertAliasTarget(address: string): void {
  if (!/^[^\s@:,]+@[^\s@:,]+$/.test(address)) throw new Error(`invalid alias target: ${address}`);
}
