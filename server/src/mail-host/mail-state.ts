/**
 * What a mail host holds (domains, mailboxes with their password hashes and quotas, aliases, the
 * sites' senders, suspensions) and the files its daemons read, rendered from it: one way for the
 * embedded host (local-mail-host.ts), which writes them itself, and for a host over SSH
 * (ssh-mail-host.ts), whose root helper checks and installs them (decision 0099).
 */
import path from "node:path";
import {
  assertAliasTarget,
  assertMailAddress,
  assertMailDomain,
  type MailboxSpec,
  siteSenderLogin,
} from "./mail-host.ts";
import { dkimTables, forwardRoute, type MailHostPaths, SUSPENDED_REPLIES } from "./mail-host-config.ts";

export interface MailState {
  /** Counts the changes: Dovecot's view of the users file is waited on until it has this one. */
  revision?: number;
  domains: string[];
  mailboxes: Record<string, { passwordHash: string; quotaBytes: number }>;
  aliases: Record<string, string[]>;
  /** Each site's sender login's password hash, by mail domain. */
  senders?: Record<string, string>;
  /** The domains of suspended subscriptions: they neither receive nor send. */
  suspended?: string[];
}

export function emptyMailState(): MailState {
  return { domains: [], mailboxes: {}, aliases: {} };
}

/** A field of each users file line that Dovecot passes on and ignores: the state's revision. */
export const REVISION_FIELD = "lagon_rev";

/** A site sender's mailbox never receives anything: Dovecot gives it a token quota. */
const SENDER_QUOTA_BYTES = 1024 * 1024;

/** The Postfix maps (hash: tables, one `key value` a line), by file name. */
export const POSTFIX_MAPS = [
  "domains",
  "mailboxes",
  "aliases",
  "senders",
  "suspended-in",
  "suspended-out",
] as const;

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1);
}

/** Every login of the users file: the mailboxes, then the sites' senders. */
export function logins(state: MailState): [string, { passwordHash: string; quotaBytes: number }][] {
  const senders = Object.entries(state.senders ?? {}).map(
    ([domain, passwordHash]) =>
      [siteSenderLogin(domain), { passwordHash, quotaBytes: SENDER_QUOTA_BYTES }] as [
        string,
        { passwordHash: string; quotaBytes: number },
      ],
  );
  return [...Object.entries(state.mailboxes), ...senders];
}

/**
 * The senders map: a site's login owns its own address and every address of its domain that is
 * no mailbox (the mailboxes map is looked up first and names their owners).
 */
export function senderLines(state: Pick<MailState, "senders">): string[] {
  return Object.keys(state.senders ?? {}).flatMap((domain) => [
    `${siteSenderLogin(domain)} ${siteSenderLogin(domain)}`,
    `@${domain} ${siteSenderLogin(domain)}`,
  ]);
}

/** The text of each Postfix map. */
export function postfixMaps(state: MailState): Record<(typeof POSTFIX_MAPS)[number], string> {
  const maps: Record<(typeof POSTFIX_MAPS)[number], string[]> = {
    domains: state.domains.map((domain) => `${domain} OK`),
    mailboxes: Object.keys(state.mailboxes).map((address) => `${address} ${address}`),
    // Outside targets (forwards) go through the forward port first, for their SRS sender.
    aliases: Object.entries(state.aliases).map(
      ([address, targets]) =>
        `${address} ${targets
          .map((target) => (state.domains.includes(domainOf(target)) ? target : forwardRoute(target)))
          .join(",")}`,
    ),
    senders: senderLines(state),
    "suspended-in": (state.suspended ?? []).map((domain) => `${domain} ${SUSPENDED_REPLIES.in}`),
    "suspended-out": (state.suspended ?? []).map((domain) => `${domain} ${SUSPENDED_REPLIES.out}`),
  };
  return Object.fromEntries(
    Object.entries(maps).map(([name, lines]) => [name, lines.map((line) => `${line}\n`).join("")]),
  ) as Record<(typeof POSTFIX_MAPS)[number], string>;
}

/** Dovecot's users file: each login's hash and quota, and the state's revision. */
export function usersFile(state: MailState): string {
  return logins(state)
    .map(
      ([address, { passwordHash, quotaBytes }]) =>
        `${address}:${passwordHash}::::::userdb_quota_rule=*:bytes=${quotaBytes} ${REVISION_FIELD}=${state.revision ?? 0}\n`,
    )
    .join("");
}

/** Everything the daemons read, rendered from the state, by file name (the host's paths in the DKIM tables). */
export function mailHostFiles(state: MailState, paths: MailHostPaths): Record<string, string> {
  const { keyTable, signingTable } = dkimTables(paths, state.domains);
  return {
    ...postfixMaps(state),
    users: usersFile(state),
    "key.table": keyTable,
    "signing.table": signingTable,
  };
}

/** Where a mailbox's home is, under the host's boxes folder. */
export function mailboxHome(paths: MailHostPaths, address: string): string {
  return path.join(paths.boxesDir, domainOf(address), address.slice(0, address.lastIndexOf("@")));
}

export function assertPasswordHash(hash: string): void {
  if (!/^\{SHA512-CRYPT\}\$6\$[^\s:]+$/.test(hash)) throw new Error("invalid password hash");
}

/** A mailbox's fields go into the users file: nothing but their expected shapes. */
export function assertMailbox(mailbox: MailboxSpec): void {
  assertMailAddress(mailbox.address);
  assertPasswordHash(mailbox.passwordHash);
  if (!Number.isSafeInteger(mailbox.quotaBytes) || mailbox.quotaBytes <= 0) throw new Error("invalid quota");
}

/**
 * The changes of the MailHost interface, on the state: each checks its input, changes the state
 * and returns false when there was nothing to change (no reload then).
 */
export const mailChanges = {
  addDomain(state: MailState, domain: string): boolean {
    assertMailDomain(domain);
    if (state.domains.includes(domain)) return false;
    state.domains.push(domain);
    return true;
  },
  /**
   * The domain and all it has: its mailboxes, aliases (their forwards), site sender and
   * suspension. Also lists the logins it removed (Dovecot must stop knowing them) into `removed`;
   * false when the state had nothing of it (a second call).
   */
  removeDomain(state: MailState, domain: string, removed: string[]): boolean {
    assertMailDomain(domain);
    const before = JSON.stringify(state);
    state.domains = state.domains.filter((d) => d !== domain);
    // A removed domain left in the suspended maps would still answer "retry later" (450).
    if (state.suspended) state.suspended = state.suspended.filter((d) => d !== domain);
    for (const address of Object.keys(state.mailboxes)) {
      if (domainOf(address) === domain) {
        removed.push(address);
        delete state.mailboxes[address];
      }
    }
    for (const address of Object.keys(state.aliases))
      if (domainOf(address) === domain) delete state.aliases[address];
    if (state.senders?.[domain]) {
      removed.push(siteSenderLogin(domain));
      delete state.senders[domain];
    }
    return JSON.stringify(state) !== before;
  },
  setMailbox(state: MailState, mailbox: MailboxSpec): boolean {
    assertMailbox(mailbox);
    if (!state.domains.includes(domainOf(mailbox.address)))
      throw new Error(`unknown mail domain of ${mailbox.address}`);
    state.mailboxes[mailbox.address] = { passwordHash: mailbox.passwordHash, quotaBytes: mailbox.quotaBytes };
    return true;
  },
  restore(state: MailState, domains: string[], mailboxes: MailboxSpec[]): boolean {
    for (const domain of domains) assertMailDomain(domain);
    for (const mailbox of mailboxes) assertMailbox(mailbox);
    const before = JSON.stringify(state);
    for (const domain of domains) if (!state.domains.includes(domain)) state.domains.push(domain);
    for (const { address, passwordHash, quotaBytes } of mailboxes) {
      if (state.domains.includes(domainOf(address))) state.mailboxes[address] = { passwordHash, quotaBytes };
    }
    return JSON.stringify(state) !== before;
  },
  removeMailbox(state: MailState, address: string): boolean {
    assertMailAddress(address);
    delete state.mailboxes[address];
    return true;
  },
  setAlias(state: MailState, address: string, targets: string[]): boolean {
    assertMailAddress(address);
    if (targets.length === 0) throw new Error("an alias needs a target");
    for (const target of targets) assertAliasTarget(target);
    if (!state.domains.includes(domainOf(address))) throw new Error(`unknown mail domain of ${address}`);
    // Unchanged (a restore at start): no reload.
    if (state.aliases[address]?.join(",") === targets.join(",")) return false;
    state.aliases[address] = targets;
    return true;
  },
  removeAlias(state: MailState, address: string): boolean {
    assertMailAddress(address);
    delete state.aliases[address];
    return true;
  },
  setSuspended(state: MailState, domains: string[], suspended: boolean): boolean {
    for (const domain of domains) assertMailDomain(domain);
    const before = new Set(state.suspended ?? []);
    const after = new Set(before);
    for (const domain of domains) suspended ? after.add(domain) : after.delete(domain);
    if (after.size === before.size && [...after].every((d) => before.has(d))) return false;
    state.suspended = [...after].sort();
    return true;
  },
  setSiteSender(state: MailState, domain: string, passwordHash: string): boolean {
    assertMailDomain(domain);
    assertPasswordHash(passwordHash);
    if (!state.domains.includes(domain)) throw new Error(`unknown mail domain ${domain}`);
    state.senders ??= {};
    // Unchanged (a restore at start): no reload.
    if (state.senders[domain] === passwordHash) return false;
    state.senders[domain] = passwordHash;
    return true;
  },
};
