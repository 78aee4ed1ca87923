import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import type { MailboxVacation } from "@lagon/contracts/mailboxes";
import { ProcessError, runStreaming } from "../wordpress/run-process.ts";
import { runSshHelper, type SshTarget, sshHelperArgs } from "../wordpress/ssh-helper.ts";
import {
  assertMailAddress,
  assertMailDomain,
  type MailboxSpec,
  type MailEndpoints,
  type MailHost,
  type MailHostHealth,
  type SiteSenderSpec,
} from "./mail-host.ts";
import { DKIM_SELECTOR, type MailHostPaths, mailHostPaths } from "./mail-host-config.ts";
import { emptyMailState, type MailState, mailChanges, mailHostFiles } from "./mail-state.ts";
import { vacationSieve } from "./vacation-sieve.ts";

/**
 * The root helper's folder: mail-host.sh, its lib/ and commands/, and conf/, the daemons' own
 * configuration its `configure` installs (host-config.ts); a host runs a root-owned copy.
 */
export const MAIL_HELPER_DIR = path.join(import.meta.dirname, "host");

/** The helper's files, in the order `mail-host.sh check` hashes them. */
export function mailHelperFiles(): string[] {
  const under = (folder: string) =>
    readdirSync(path.join(MAIL_HELPER_DIR, folder), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${folder}/${entry.name}`);
  return ["mail-host.sh", ...[...under("commands"), ...under("conf"), ...under("lib")].sort()];
}

let version: string | undefined;

/** What `mail-host.sh check` prints last when the host runs this product's helper. */
export function mailHelperVersion(): string {
  if (version) return version;
  const hash = createHash("sha256");
  for (const file of mailHelperFiles()) hash.update(readFileSync(path.join(MAIL_HELPER_DIR, file)));
  version = hash.digest("hex").slice(0, 16);
  return version;
}

export interface SshMailHostOptions {
  ssh: SshTarget;
  /** How the helper is run: a root-owned copy through sudo, e.g. `sudo -n /usr/local/lib/lagon-mail/mail-host.sh`. */
  helper: string;
  /** Where clients reach the host's Postfix and Dovecot. */
  endpoints: MailEndpoints;
}

/** apply's exit code when the state changed since it was read (another product process). */
const STALE_EXIT = 75;
const STALE_RETRIES = 10;
/** How long a health answer stands (as the SSH WordPress host's). */
const HEALTH_CACHE_MS = 30_000;
export const SECTIONS_ORDER = [
  "state",
  "domains",
  "mailboxes",
  "aliases",
  "senders",
  "suspended-in",
  "suspended-out",
  "users",
  "key.table",
  "signing.table",
  "removed",
];

/**
 * The production mail host (decision 0099): a machine whose Postfix, Dovecot, OpenDKIM and
 * rspamd are its own system services, reached over SSH as a user of its own whose one privilege
 * is running the root-owned copy of host/mail-host.sh through sudo. Each change reads the state
 * the host keeps, applies the same change as the embedded host (mail-state.ts), renders the same
 * files, and has the helper check and install them; DKIM keys are made and kept on the host.
 */
export class SshMailHost implements MailHost {
  private running = false;
  private paths: MailHostPaths | undefined;
  private changes: Promise<unknown> = Promise.resolve();
  /**
   * The host's state as this process last installed it: the next change starts from it (one SSH
   * call, not two); apply refuses it if the host has moved on since, and the state is read again.
   */
  private known: MailState | undefined;
  private lastHealth: { at: number; health: Promise<MailHostHealth> } | undefined;

  constructor(private readonly options: SshMailHostOptions) {}

  /** Checks that the host answers and runs the helper of this version of the product. */
  async start(): Promise<void> {
    const { stdout } = await this.helper(["check"]);
    const lines = stdout.trim().split("\n");
    const remote = lines.at(-1);
    if (remote !== mailHelperVersion()) {
      throw new Error(
        `L'hôte e-mail ${this.options.ssh.host} n'a pas la version ${mailHelperVersion()} de mail-host.sh (il a ${remote}) : copiez server/src/mail-host/host/ sur l'hôte (docs/operations/mail-host.md).`,
      );
    }
    const root = lines.find((line) => line.startsWith("root "))?.slice(5);
    if (!root?.startsWith("/")) throw new Error(`mail-host.sh check: no root in ${stdout}`);
    // Only the DKIM folder goes into what is rendered (the key table); the run folder is the host's.
    this.paths = mailHostPaths(root, "/run/lagon-mail");
    this.running = true;
  }

  async stop(): Promise<void> {
    this.running = false;
  }

  isStarted(): boolean {
    return this.running;
  }

  /**
   * Whether Postfix and Dovecot run on the host (the helper's `health`), asked at most every
   * HEALTH_CACHE_MS: /api/health is public, and each answer is an SSH login on the host.
   */
  async health(): Promise<MailHostHealth> {
    const now = Date.now();
    if (this.lastHealth && now - this.lastHealth.at < HEALTH_CACHE_MS) return this.lastHealth.health;
    const health = this.helper(["health"]).then(
      (): MailHostHealth => ({ ok: true }),
      (error: Error): MailHostHealth => ({
        ok: false,
        reason: `hôte e-mail injoignable ou arrêté : ${error.message}`,
      }),
    );
    this.lastHealth = { at: now, health };
    return health;
  }

  endpoints(): MailEndpoints {
    return this.options.endpoints;
  }

  addDomain(domain: string): Promise<void> {
    assertMailDomain(domain);
    return this.change((state) => mailChanges.addDomain(state, domain));
  }

  /** Read from the host (another product process may have changed it). */
  async domains(): Promise<string[]> {
    return (await this.readState()).domains;
  }

  async removeDomain(domain: string): Promise<void> {
    assertMailDomain(domain);
    await this.change((state, removed) => mailChanges.removeDomain(state, domain, removed));
    await this.helper(["domain-remove", domain]);
  }

  setMailbox(mailbox: MailboxSpec): Promise<void> {
    return this.change((state) => mailChanges.setMailbox(state, mailbox));
  }

  async removeMailbox(address: string): Promise<void> {
    assertMailAddress(address);
    await this.change((state, removed) => {
      if (state.mailboxes[address]) removed.push(address);
      return mailChanges.removeMailbox(state, address);
    });
    await this.helper(["mailbox-remove", address]);
  }

  setAlias(address: string, targets: string[]): Promise<void> {
    return this.change((state) => mailChanges.setAlias(state, address, targets));
  }

  removeAlias(address: string): Promise<void> {
    return this.change((state) => mailChanges.removeAlias(state, address));
  }

  /** The script is rendered here (vacation-sieve.ts) and written by the host's mail user. */
  async setVacation(address: string, vacation: MailboxVacation | null): Promise<void> {
    assertMailAddress(address);
    const script = vacation?.enabled ? vacationSieve(address, vacation) : "";
    await this.helper(["vacation", address], script);
  }

  setSuspended(domains: string[], suspended: boolean): Promise<void> {
    return this.change((state) => mailChanges.setSuspended(state, domains, suspended));
  }

  exportMail(domains: string[], into: NodeJS.WritableStream): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    return runStreaming("ssh", this.sshArgs(["export", ...domains]), { stdout: into as Writable });
  }

  importMail(domains: string[], from: NodeJS.ReadableStream): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    return runStreaming("ssh", this.sshArgs(["import", ...domains]), { stdin: from as Readable });
  }

  async removeMail(domains: string[]): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    if (domains.length > 0) await this.helper(["mail-remove", ...domains]);
  }

  setSiteSender({ domain, passwordHash }: SiteSenderSpec): Promise<void> {
    return this.change((state) => mailChanges.setSiteSender(state, domain, passwordHash));
  }

  restore(domains: string[], mailboxes: MailboxSpec[]): Promise<void> {
    return this.change((state) => mailChanges.restore(state, domains, mailboxes));
  }

  async dkimRecord(domain: string): Promise<{ name: string; value: string }> {
    assertMailDomain(domain);
    const publicKey = (await this.helper(["dkim-record", domain])).stdout.trim();
    if (!/^[A-Za-z0-9+/]+=*$/.test(publicKey)) throw new Error(`unexpected DKIM key for ${domain}`);
    return { name: `${DKIM_SELECTOR}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}` };
  }

  async usage(addresses: string[]): Promise<Map<string, number>> {
    const used = new Map(addresses.map((address) => [address, 0]));
    if (addresses.length === 0) return used;
    const { stdout } = await this.helper(["usage"]);
    for (const line of stdout.split("\n").slice(1)) {
      const [user, , type, value] = line.split("\t");
      if (type === "STORAGE" && user && used.has(user)) used.set(user, Number(value) * 1024);
    }
    return used;
  }

  /**
   * One change at a time from this process: the host's state (as last installed, or read) changed,
   * rendered and installed by the helper; if another process changed it in between, read again.
   */
  private change(apply: (state: MailState, removed: string[]) => boolean): Promise<void> {
    const next = this.changes.then(async () => {
      const paths = this.paths;
      if (!paths) throw new Error("the SSH mail host is not started");
      for (let attempt = 1; ; attempt++) {
        const state = this.known ? structuredClone(this.known) : await this.readState();
        const expected = state.revision ?? 0;
        const removed: string[] = [];
        if (apply(state, removed) === false) return;
        state.revision = expected + 1;
        const files: Record<string, string> = {
          state: `${JSON.stringify(state)}\n`,
          ...mailHostFiles(state, paths),
        };
        files.removed = removed.map((login) => `${login}\n`).join("");
        const input = SECTIONS_ORDER.map((name) => `== ${name}\n${files[name] ?? ""}`).join("");
        try {
          await this.helper(["apply", String(expected), String(expected + 1)], input);
          this.known = state;
          return;
        } catch (error) {
          this.known = undefined;
          if (!(error instanceof ProcessError && error.exitCode === STALE_EXIT) || attempt >= STALE_RETRIES)
            throw error;
        }
      }
    });
    this.changes = next.catch(() => {});
    return next;
  }

  private async readState(): Promise<MailState> {
    const { stdout } = await this.helper(["state"]);
    return { ...emptyMailState(), ...(JSON.parse(stdout) as MailState) };
  }

  /** Runs the helper on the host; arguments are fixed words and values checked before. */
  private helper(args: string[], stdin?: string) {
    return runSshHelper(this.options.ssh, this.options.helper, args, stdin);
  }

  private sshArgs(args: string[]): string[] {
    return sshHelperArgs(this.options.ssh, this.options.helper, args);
  }
}
