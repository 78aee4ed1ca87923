import { type ChildProcess, spawn } from "node:child_process";
import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import { readFileSync, readlinkSync } from "node:fs";
import {
  chmod,
  chown,
  lstat,
  mkdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { MailboxVacation } from "@lagon/contracts/mailboxes";
import { ensureSystemUser, userId } from "../lib/system-accounts.ts";
import { runProcess } from "../wordpress/run-process.ts";
import { siteFilesDir } from "../wordpress/site-runtime.ts";
import { bayesForgetSql, sqliteAs } from "./forget-domain.ts";
import {
  BAYES_VERDICT,
  bayesVerdictProgram,
  LEARN_HAM_SIEVE,
  LEARN_PROGRAMS,
  LEARN_SPAM_SIEVE,
  learnHeader,
  learnProgram,
} from "./junk-learning.ts";
import {
  assertAliasTarget,
  assertMailAddress,
  assertMailDomain,
  type MailboxSpec,
  type MailEndpoints,
  type MailHost,
  type MailHostHealth,
  type SiteSenderSpec,
} from "./mail-host.ts";
import {
  DKIM_SELECTOR,
  dovecotConf,
  FORWARD_UNWRAP,
  type MailConfigInput,
  type MailHostPaths,
  type MailHostPorts,
  mailHostPaths,
  opendkimConf,
  postfixMainCf,
  postfixMasterCf,
  RELAY_MAPS,
  relayMapLines,
  VACATION_SCRIPT,
} from "./mail-host-config.ts";
import {
  assertMailbox,
  assertPasswordHash,
  domainOf,
  emptyMailState,
  logins,
  type MailState,
  mailChanges,
  mailHostFiles,
  POSTFIX_MAPS,
  REVISION_FIELD,
} from "./mail-state.ts";
import { ensureMailCertificate, generatedTlsFiles } from "./mail-tls.ts";
import {
  BAYES_INIT_SOCKET,
  RSPAMD_CACHE_DIR,
  RSPAMD_USER,
  type RspamdConfigInput,
  rspamdBayesInitConf,
  rspamdConfigFiles,
  rspamdVariables,
  SPAM_SCORE,
  SPAM_SIEVE,
} from "./rspamd-config.ts";
import type { SendCounts, SendLimit } from "./send-counts-table.ts";
import { DEFAULT_SEND_LIMIT, type SendRatePolicy, startSendRatePolicy } from "./send-rate-policy.ts";
import { vacationSieve } from "./vacation-sieve.ts";

export interface LocalMailHostOptions {
  dataDir: string;
  /** The host's own name (HELO, Message-ID): mail.<BASE_DOMAIN>. */
  hostname: string;
  ports: MailHostPorts;
  /** Outbound mail through this relay ("[host]:port") instead of the recipients' MX. */
  relayHost?: string;
  /**
   * The relay's login (MAIL_RELAY_USER, MAIL_RELAY_PASSWORD_FILE): its password is the first line of
   * a root-only file (0600 or 0400), read at each start into Postfix's root-only map (decision 0112).
   */
  relayLogin?: { user: string; passwordFile: string };
  /** The webmail started and stopped with the host (local-webmail.ts), if any. */
  webmail?: MailHostCompanion;
  /** What each login may submit (default DEFAULT_SEND_LIMIT)… */
  sendLimit?: SendLimit;
  /** …counted here (the database: a restart keeps the counts). */
  sendCounts: SendCounts;
  /** The operator's certificate for the host's name (MAIL_TLS_CERT, MAIL_TLS_KEY); default: generated. */
  tls?: { certFile: string; keyFile: string };
}

/** A service that lives with the mail host: started once the host runs, stopped before it stops. */
export interface MailHostCompanion {
  /** Where a browser opens it. */
  readonly url: string;
  start(host: MailEndpoints): Promise<void>;
  stop(): Promise<void>;
  /** Forgets what it keeps of a domain the host no longer serves (its users' rows). */
  forgetDomain?(domain: string): Promise<void>;
}

/** Ports of an embedded mail host from one base: SMTP base+25, submission +87, IMAP +43… */
export function mailPortsFrom(base: number): MailHostPorts {
  return {
    smtp: base + 25,
    submission: base + 87,
    imap: base + 43,
    lmtp: base + 24,
    auth: base + 26,
    quotaStatus: base + 27,
    dkim: base + 28,
    policy: base + 29,
    replies: base + 30,
    forward: base + 31,
    srsForward: base + 32,
    srsReverse: base + 33,
    spam: base + 34,
    learn: base + 35,
  };
}

/** rspamd's Bayes files (rspamd-config.ts's statistic.conf), in its state folder. */
const BAYES_FILES = ["bayes.spam.sqlite", "bayes.ham.sqlite", "learn_cache.sqlite"];
/** rspamd with its controller alone, run once to make them (rspamdBayesInitConf). */
const BAYES_INIT_CONF = "bayes-init.conf";

/** The system user owning every mailbox's files (never a site's user). */
export const MAIL_USER = "lagonmail";
/**
 * OpenDKIM takes about 5 s to end on SIGTERM; it keeps nothing, and a message it was signing gets
 * a temporary failure its sender retries: it is killed.
 */
const DKIM_STOP_SIGNAL = "SIGKILL";
const SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin";
/**
 * rspamd's first start on a machine compiles its URL matcher (20 to 50 s on 2 cores; then cached
 * in RSPAMD_CACHE_DIR, and it opens its port in about a second).
 */
const RSPAMD_FIRST_START_MS = 180_000;

/**
 * The embedded mail host: Postfix and Dovecot from Debian, configured under the data folder
 * (or /var/lib/lagon/<hash>/mail when a parent of it is closed to others, as the sites' files),
 * listening on loopback ports only, children of this process stopped by their PIDs. What it
 * knows (domains, mailboxes with their password hashes and quotas, aliases) is kept in
 * mailboxes.json; Postfix's maps and Dovecot's users file are written from it at each change.
 */
export class LocalMailHost implements MailHost {
  /** Where its files are (a test runs a remote helper on them: ssh-mail-host.test.ts). */
  readonly paths: MailHostPaths;
  private readonly children: ChildProcess[] = [];
  private changes: Promise<unknown> = Promise.resolve();
  private dkimChild: ChildProcess | undefined;
  private policy: SendRatePolicy | undefined;
  private running = false;
  /** rspamd's controller password, new at each start (junk-learning.ts). */
  private readonly controllerPassword = randomBytes(24).toString("base64url");

  constructor(private readonly options: LocalMailHostOptions) {
    const dataDir = path.resolve(options.dataDir);
    const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 12);
    this.paths = mailHostPaths(path.join(siteFilesDir(dataDir), "mail"), `/run/lagon-mail-${hash}`);
  }

  endpoints(): MailEndpoints {
    const { smtp, submission, imap } = this.options.ports;
    return {
      host: "127.0.0.1",
      smtpPort: smtp,
      submissionPort: submission,
      imapPort: imap,
      webmailUrl: this.options.webmail?.url,
      tls: {
        serverName: this.options.hostname,
        caFile: this.options.tls ? undefined : generatedTlsFiles(this.paths.tlsDir).caFile,
      },
    };
  }

  isStarted(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (process.getuid?.() !== 0) throw new Error("l'hébergement e-mail local doit être démarré en root");
    // Checked before anything is touched: a refused password file changes nothing.
    const relayPassword = await this.readRelayPassword();
    for (const command of [
      "/usr/sbin/postfix",
      "/usr/sbin/dovecot",
      "/usr/sbin/opendkim",
      "/usr/sbin/postsrsd",
      "/usr/bin/rspamd",
      "/usr/lib/dovecot/modules/lib90_sieve_plugin.so",
      "/usr/lib/dovecot/modules/sieve/lib90_sieve_extprograms_plugin.so",
      "/usr/bin/curl",
    ]) {
      await lstat(command).catch(() => {
        throw new Error(`${command} est absent : lancez scripts/install.sh`);
      });
    }
    const uid = await ensureSystemUser(MAIL_USER);
    await this.prepareFolders(uid);
    const input: MailConfigInput = {
      paths: this.paths,
      ports: this.options.ports,
      hostname: this.options.hostname,
      relayHost: this.options.relayHost,
      relayLogin: relayPassword === undefined ? undefined : "yes",
      mailUser: MAIL_USER,
      mailUid: uid,
      tls: await ensureMailCertificate(this.paths.tlsDir, this.options.hostname, this.options.tls),
    };
    await writeFile(path.join(this.paths.postfixDir, "main.cf"), postfixMainCf(input));
    await writeFile(path.join(this.paths.postfixDir, "master.cf"), postfixMasterCf(input));
    await writeFile(path.join(this.paths.postfixDir, "forward-unwrap"), FORWARD_UNWRAP);
    await this.writeRelayMaps(relayPassword);
    await this.ensureSrsSecret();
    await writeFile(this.paths.dovecotConf, dovecotConf(input));
    await writeFile(this.dkimConf(), opendkimConf(input));
    await this.writeSpamFilter();
    await this.writeMaps(await this.readState());
    await this.endOurDaemons();
    this.running = true;
    try {
      this.policy = await startSendRatePolicy(
        this.options.ports.policy,
        this.options.sendCounts,
        this.options.sendLimit ?? DEFAULT_SEND_LIMIT,
      );
      this.spawnService("/usr/sbin/dovecot", ["-F", "-c", this.paths.dovecotConf]);
      this.spawnService("/usr/sbin/postfix", ["-c", this.paths.postfixDir, "start-fg"]);
      this.dkimChild = this.spawnService("/usr/sbin/opendkim", ["-f", "-x", this.dkimConf()]);
      this.spawnService("/usr/sbin/postsrsd", this.srsArguments());
      await this.startRspamd();
      await Promise.all(
        Object.entries(this.options.ports).map(([name, port]) =>
          waitForPort(port, name === "spam" || name === "learn" ? RSPAMD_FIRST_START_MS : undefined),
        ),
      );
      await this.options.webmail?.start(this.endpoints());
    } catch (error) {
      await this.stop();
      throw new Error(
        `l'hébergement e-mail ne démarre pas (${(error as Error).message}) ; journaux dans ${this.paths.logDir}`,
      );
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.options.webmail?.stop();
    if (this.dkimChild) await stopChild(this.dkimChild, DKIM_STOP_SIGNAL);
    this.dkimChild = undefined;
    await this.endOurDaemons();
    await Promise.all(this.children.splice(0).map((child) => stopChild(child)));
    const policy = this.policy;
    this.policy = undefined;
    if (policy) await policy.close();
    // Dovecot's sockets and the PID files: nothing of a stopped host stays in /run.
    await rm(this.paths.runDir, { recursive: true, force: true });
  }

  async health(): Promise<MailHostHealth> {
    const { smtp, imap } = this.options.ports;
    for (const [name, port] of [
      ["SMTP", smtp],
      ["IMAP", imap],
    ] as const) {
      if (!(await portOpen(port)))
        return { ok: false, reason: `le serveur ${name} ne répond pas (port ${port})` };
    }
    return { ok: true };
  }

  addDomain(domain: string): Promise<void> {
    assertMailDomain(domain);
    return this.change((state) => mailChanges.addDomain(state, domain));
  }

  async domains(): Promise<string[]> {
    return (await this.readState()).domains;
  }

  async removeDomain(domain: string): Promise<void> {
    assertMailDomain(domain);
    const removed: string[] = [];
    await this.change((state) => mailChanges.removeDomain(state, domain, removed), removed);
    await rm(path.join(this.paths.boxesDir, domain), { recursive: true, force: true });
    await rm(this.dkimKeyFile(domain), { force: true });
    // What its users leave beside their mail (decision 0113): the webmail's rows, rspamd's Bayes.
    await this.options.webmail?.forgetDomain?.(domain);
    const rspamd = { uid: await userId(RSPAMD_USER), gid: await groupId(RSPAMD_USER) };
    for (const kind of ["spam", "ham"])
      await sqliteAs(
        rspamd,
        path.join(this.paths.rspamdStateDir, `bayes.${kind}.sqlite`),
        bayesForgetSql(domain),
      );
  }

  setMailbox(mailbox: MailboxSpec): Promise<void> {
    assertMailbox(mailbox);
    return this.change((state) => mailChanges.setMailbox(state, mailbox));
  }

  restore(domains: string[], mailboxes: MailboxSpec[]): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    for (const mailbox of mailboxes) assertMailbox(mailbox);
    return this.change((state) => mailChanges.restore(state, domains, mailboxes));
  }

  async removeMailbox(address: string): Promise<void> {
    assertMailAddress(address);
    await this.change((state) => mailChanges.removeMailbox(state, address), [address]);
    const [local, domain] = [address.slice(0, address.lastIndexOf("@")), domainOf(address)];
    await rm(path.join(this.paths.boxesDir, domain, local), { recursive: true, force: true });
  }

  setAlias(address: string, targets: string[]): Promise<void> {
    assertMailAddress(address);
    if (targets.length === 0) throw new Error("an alias needs a target");
    for (const target of targets) assertAliasTarget(target);
    return this.change((state) => mailChanges.setAlias(state, address, targets));
  }

  setSuspended(domains: string[], suspended: boolean): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    return this.change((state) => mailChanges.setSuspended(state, domains, suspended));
  }

  async exportMail(domains: string[], into: NodeJS.WritableStream): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    const present: string[] = [];
    for (const domain of domains)
      if (await lstat(path.join(this.paths.boxesDir, domain)).catch(() => null)) present.push(domain);
    // Read as the mail user, who owns it all; an empty list still makes a valid (empty) archive.
    await runTar(await mailOwner(), ["-c", "-C", this.paths.boxesDir, "--files-from=/dev/null", ...present], {
      into,
    });
  }

  async removeMail(domains: string[]): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    for (const domain of domains)
      await rm(path.join(this.paths.boxesDir, domain), { recursive: true, force: true });
  }

  async importMail(domains: string[], from: NodeJS.ReadableStream): Promise<void> {
    for (const domain of domains) assertMailDomain(domain);
    const state = await this.readState();
    for (const domain of domains)
      if (!state.domains.includes(domain)) throw new Error(`unknown mail domain ${domain}`);
    // Unpacked by the mail user itself (never root in a folder it owns), beside the mailboxes,
    // then each domain asked for swapped in; anything else in the archive is dropped.
    const owner = await mailOwner();
    const scratch = path.join(this.paths.boxesDir, `.import-${randomBytes(6).toString("hex")}`);
    await mkdir(scratch, { mode: 0o700 });
    await chown(scratch, owner.uid, owner.gid);
    try {
      await runTar(owner, ["-x", "-C", scratch, "--no-same-owner", "--no-same-permissions"], { from });
      for (const domain of domains) {
        const target = path.join(this.paths.boxesDir, domain);
        await rm(target, { recursive: true, force: true });
        const unpacked = path.join(scratch, domain);
        const found = await lstat(unpacked).catch(() => null);
        if (found?.isDirectory()) await rename(unpacked, target);
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  setSiteSender({ domain, passwordHash }: SiteSenderSpec): Promise<void> {
    assertMailDomain(domain);
    assertPasswordHash(passwordHash);
    return this.change((state) => mailChanges.setSiteSender(state, domain, passwordHash));
  }

  removeAlias(address: string): Promise<void> {
    assertMailAddress(address);
    return this.change((state) => mailChanges.removeAlias(state, address));
  }

  async setVacation(address: string, vacation: MailboxVacation | null): Promise<void> {
    assertMailAddress(address);
    const state = await this.readState();
    if (!state.mailboxes[address]) throw new Error(`unknown mailbox ${address}`);
    const home = path.join(
      this.paths.boxesDir,
      domainOf(address),
      address.slice(0, address.lastIndexOf("@")),
    );
    const script = path.join(home, VACATION_SCRIPT);
    // Pigeonhole compiles next to the script; a new script must not meet the old binary.
    await rm(script.replace(/\.sieve$/, ".svbin"), { force: true });
    if (!vacation?.enabled) {
      await rm(script, { force: true });
      return;
    }
    const uid = await userId(MAIL_USER);
    const gid = await groupId(MAIL_USER);
    // Dovecot makes the home at the first delivery: made here as it would, the mail user's alone.
    for (const dir of [path.dirname(home), home]) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chown(dir, uid, gid);
    }
    const tmp = `${script}.tmp`;
    await writeFile(tmp, vacationSieve(address, vacation), { mode: 0o600 });
    await chown(tmp, uid, gid);
    await rename(tmp, script);
  }

  async usage(addresses: string[]): Promise<Map<string, number>> {
    const used = new Map(addresses.map((address) => [address, 0]));
    if (addresses.length === 0) return used;
    const stdout = await this.doveadm(["-f", "tab", "quota", "get", "-A"]);
    for (const line of stdout.split("\n").slice(1)) {
      const [user, , type, value] = line.split("\t");
      if (type === "STORAGE" && user && used.has(user)) used.set(user, Number(value) * 1024);
    }
    return used;
  }

  /** Applies one change to the state, one at a time, and writes the maps from it; waits until Postfix and Dovecot use them. */
  private change(apply: (state: MailState) => boolean, removed: string[] = []): Promise<void> {
    const next = this.changes.then(async () => {
      const state = await this.readState();
      const domainsBefore = state.domains.join(",");
      // false: nothing to change.
      if (apply(state) === false) return;
      state.revision = (state.revision ?? 0) + 1;
      await this.writeMaps(state);
      const tmp = `${this.paths.stateFile}.tmp`;
      await writeFile(tmp, JSON.stringify(state), { mode: 0o600 });
      await rename(tmp, this.paths.stateFile);
      // trivial-rewrite keeps the domains it read: a reload makes every daemon read the maps anew.
      if (this.running) {
        if (state.domains.join(",") !== domainsBefore) await this.restartDkim();
        await this.postfix(["reload"]);
        await this.waitUntilDovecotHas(state, removed);
      }
    });
    this.changes = next.catch(() => {});
    return next;
  }

  private async readState(): Promise<MailState> {
    try {
      return JSON.parse(await readFile(this.paths.stateFile, "utf8")) as MailState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyMailState();
      throw error;
    }
  }

  private async writeMaps(state: MailState): Promise<void> {
    const files = mailHostFiles(state, this.paths);
    await this.writeDkim(state.domains, files);
    for (const name of POSTFIX_MAPS) {
      const file = path.join(this.paths.postfixDir, name);
      await writeFile(file, files[name] as string);
      await runProcess("/usr/sbin/postmap", ["-c", this.paths.postfixDir, file], {
        env: { PATH: SYSTEM_PATH },
      });
    }
    const tmp = `${this.paths.usersFile}.tmp`;
    await writeFile(tmp, files.users as string, { mode: 0o640 });
    await chown(tmp, 0, await groupId("dovecot"));
    // Dovecot rereads the file when its modification second or size changed: two changes of the
    // same size within a second must still differ.
    const previous = await stat(this.paths.usersFile).catch(() => null);
    const seconds = Math.max(
      Math.floor(Date.now() / 1000),
      previous ? Math.floor(previous.mtimeMs / 1000) + 1 : 0,
    );
    await utimes(tmp, seconds, seconds);
    await rename(tmp, this.paths.usersFile);
  }

  /**
   * Dovecot looks at its users file at most once a second: a change is done once its lookups
   * answer the new revision (or no longer know a removed mailbox).
   */
  private async waitUntilDovecotHas(state: MailState, removed: string[]): Promise<void> {
    const [address] = logins(state).map(([login]) => login);
    const deadline = Date.now() + 10_000;
    for (;;) {
      let seen: boolean;
      if (address) {
        const current = await this.doveadm(["auth", "lookup", address]).catch(() => "");
        seen = Number(current.match(new RegExp(`${REVISION_FIELD}\\s*:\\s*(\\d+)`))?.[1]) === state.revision;
      } else {
        // No mailbox left: the removed ones must be unknown.
        const known = await Promise.all(
          removed.map((gone) =>
            this.doveadm(["user", gone]).then(
              () => true,
              () => false,
            ),
          ),
        );
        seen = !known.includes(true);
      }
      if (seen) return;
      if (Date.now() > deadline) throw new Error("Dovecot does not see the new mailboxes");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async doveadm(args: string[]): Promise<string> {
    const { stdout } = await runProcess("/usr/bin/doveadm", ["-c", this.paths.dovecotConf, ...args], {
      env: { PATH: SYSTEM_PATH },
    });
    return stdout;
  }

  private postfix(args: string[]) {
    return runProcess("/usr/sbin/postfix", ["-c", this.paths.postfixDir, ...args], {
      env: { PATH: SYSTEM_PATH },
    });
  }

  /**
   * Folders: the queue as Postfix wants it, the mailboxes the mail user's alone, the users file
   * Dovecot's; nobody else may list or read any of it.
   */
  private async prepareFolders(uid: number): Promise<void> {
    const { root } = this.paths;
    const dataDir = path.resolve(this.options.dataDir);
    const filesDir = path.dirname(root);
    await mkdir(dataDir, { recursive: true });
    await chmod(dataDir, 0o711);
    if (filesDir !== dataDir) {
      await mkdir(filesDir, { recursive: true });
      await chmod(path.dirname(filesDir), 0o711);
      await chmod(filesDir, 0o711);
      const link = path.join(dataDir, "mail");
      if (!(await lstat(link).catch(() => null))) await symlink(root, link);
    }
    const postfixGid = await groupId("postfix");
    const dovecotGid = await groupId("dovecot");
    const mailGid = await groupId(MAIL_USER);
    const rspamd = { uid: await userId(RSPAMD_USER), gid: await groupId(RSPAMD_USER) };
    const folders: [string, number, number, number][] = [
      [root, 0o711, 0, 0],
      [this.paths.postfixDir, 0o750, 0, postfixGid],
      [this.paths.queueDir, 0o755, 0, 0],
      [this.paths.postfixDataDir, 0o700, await userId("postfix"), postfixGid],
      [path.dirname(this.paths.dovecotConf), 0o750, 0, dovecotGid],
      [this.paths.stateDir, 0o750, 0, 0],
      [this.paths.logDir, 0o750, 0, 0],
      [this.paths.boxesDir, 0o700, uid, mailGid],
      [this.paths.dkimDir, 0o750, 0, await groupId("opendkim")],
      [this.paths.runDir, 0o755, 0, 0],
      [path.dirname(this.paths.spamSieve), 0o750, 0, mailGid],
      [this.paths.learnPipeDir, 0o750, 0, mailGid],
      [this.paths.rspamdDir, 0o750, 0, rspamd.gid],
      [path.join(this.paths.rspamdDir, "local.d"), 0o750, 0, rspamd.gid],
      [path.join(this.paths.rspamdDir, "override.d"), 0o750, 0, rspamd.gid],
      [this.paths.rspamdStateDir, 0o700, rspamd.uid, rspamd.gid],
      [this.paths.rspamdRunDir, 0o700, rspamd.uid, rspamd.gid],
      [RSPAMD_CACHE_DIR, 0o700, rspamd.uid, rspamd.gid],
    ];
    for (const [dir, mode, owner, group] of folders) {
      await mkdir(dir, { recursive: true });
      await chown(dir, owner, group);
      await chmod(dir, mode);
    }
  }

  private spawnService(
    command: string,
    args: string[],
    more: { uid?: number; gid?: number; cwd?: string } = {},
  ): ChildProcess {
    const child = spawn(command, args, {
      detached: true,
      stdio: "ignore",
      env: { PATH: SYSTEM_PATH },
      ...more,
    });
    this.children.push(child);
    return child;
  }

  private rspamdConf(): string {
    return path.join(this.paths.rspamdDir, "rspamd.conf");
  }

  private rspamdInput(): RspamdConfigInput {
    return {
      port: this.options.ports.spam,
      controllerPort: this.options.ports.learn,
      controllerPassword: this.controllerPassword,
      stateDir: this.paths.rspamdStateDir,
      runDir: this.paths.rspamdRunDir,
    };
  }

  /**
   * The relay's password, from the first line of its file: root's, 0600 or 0400, not a link, as a
   * production host's `configure` asks (decision 0108). Read by this process, never put on a command
   * line nor in a message. Undefined without a login.
   */
  private async readRelayPassword(): Promise<string | undefined> {
    const login = this.options.relayLogin;
    if (!login) return undefined;
    if (!this.options.relayHost) throw new Error("MAIL_RELAY_USER : requis avec MAIL_RELAY_HOST");
    if (!/^[A-Za-z0-9._@+=-]{1,255}$/.test(login.user))
      throw new Error("MAIL_RELAY_USER : lettres, chiffres et . _ @ + = -");
    const file = login.passwordFile;
    const found = await lstat(file).catch(() => null);
    if (!found?.isFile()) throw new Error(`MAIL_RELAY_PASSWORD_FILE : ${file} n'est pas un fichier`);
    if (found.uid !== 0 || (found.mode & 0o177) !== 0)
      throw new Error(`MAIL_RELAY_PASSWORD_FILE : ${file} doit appartenir à root, mode 0600 ou 0400`);
    // Its folders too: root's, writable by no one else (unless sticky, as /tmp), or the file could
    // be swapped (the helper's require_root_only).
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const folder = await stat(dir);
      if (folder.uid !== 0 || ((folder.mode & 0o022) !== 0 && (folder.mode & 0o1000) === 0))
        throw new Error(
          `MAIL_RELAY_PASSWORD_FILE : ${dir} peut être modifié par un autre utilisateur que root`,
        );
      if (dir === path.dirname(dir)) break;
    }
    const password = (await readFile(file, "utf8")).split("\n")[0] ?? "";
    if (!/^[\x21-\x7e]{1,512}$/.test(password))
      throw new Error(
        "MAIL_RELAY_PASSWORD_FILE : le mot de passe seul sur la première ligne, sans espace ni caractère de contrôle",
      );
    return password;
  }

  /**
   * Postfix's relay login maps (RELAY_MAPS), root's 0600 (Postfix's SMTP client opens them before
   * giving up root), written as a production host's `configure` writes them (relayMapLines); none
   * without a login, so no password stays from an earlier start.
   */
  private async writeRelayMaps(password: string | undefined): Promise<void> {
    const { relayHost, relayLogin } = this.options;
    for (const name of Object.values(RELAY_MAPS)) {
      const file = path.join(this.paths.postfixDir, name);
      await rm(file, { force: true });
      await rm(`${file}.db`, { force: true });
    }
    if (password === undefined || !relayHost || !relayLogin) return;
    for (const [name, text] of Object.entries(relayMapLines(relayHost, relayLogin.user, password))) {
      const file = path.join(this.paths.postfixDir, name);
      await writeFile(file, text, { mode: 0o600 });
      await chmod(file, 0o600);
      await runProcess("/usr/sbin/postmap", ["-c", this.paths.postfixDir, `hash:${file}`], {
        env: { PATH: SYSTEM_PATH },
      });
      await chmod(`${file}.db`, 0o600);
    }
  }

  /**
   * rspamd's configuration (root's, read by `_rspamd`), the Sieve script that files its spam in
   * Junk and the IMAPSieve scripts that learn from what owners move in or out of it, with their
   * pipe programs (root's, run by the mail user). The scripts are compiled here: Dovecot, as the
   * mail user, could not write their binaries.
   */
  private async writeSpamFilter(): Promise<void> {
    const rspamdGid = await groupId(RSPAMD_USER);
    const rspamdFiles = {
      ...rspamdConfigFiles(this.rspamdInput()),
      [BAYES_INIT_CONF]: rspamdBayesInitConf(this.controllerPassword),
    };
    for (const [name, text] of Object.entries(rspamdFiles)) {
      const file = path.join(this.paths.rspamdDir, name);
      await writeFile(file, text, { mode: 0o640 });
      await chown(file, 0, rspamdGid);
    }
    const mailGid = await groupId(MAIL_USER);
    const { learn } = this.options.ports;
    const files: [string, string, number][] = [
      [this.paths.spamSieve, SPAM_SIEVE, 0o640],
      [this.paths.learnSpamSieve, LEARN_SPAM_SIEVE, 0o640],
      [this.paths.learnHamSieve, LEARN_HAM_SIEVE, 0o640],
      [this.paths.learnHeader, learnHeader(this.controllerPassword), 0o640],
      [
        path.join(this.paths.learnPipeDir, BAYES_VERDICT),
        bayesVerdictProgram(learn, this.paths.learnHeader, SPAM_SCORE),
        0o750,
      ],
      ...(["spam", "ham"] as const).map(
        (kind) =>
          [
            path.join(this.paths.learnPipeDir, LEARN_PROGRAMS[kind]),
            learnProgram(kind, learn, this.paths.learnHeader),
            0o750,
          ] as [string, string, number],
      ),
    ];
    for (const [file, text, mode] of files) {
      await writeFile(file, text, { mode });
      await chown(file, 0, mailGid);
      await chmod(file, mode);
    }
    for (const script of [this.paths.spamSieve, this.paths.learnSpamSieve, this.paths.learnHamSieve]) {
      await runProcess("/usr/bin/sievec", ["-c", this.paths.dovecotConf, script], {
        env: { PATH: SYSTEM_PATH },
      });
      const binary = script.replace(/\.sieve$/, ".svbin");
      await chown(binary, 0, mailGid);
      await chmod(binary, 0o640);
    }
  }

  /**
   * rspamd, started on its Bayes files. When one is missing (a data folder's first start), they are
   * made first by one process, as a production host's `configure` does (decision 0108): rspamd with
   * its controller alone (`bayes-init.conf`, the same statistics and modules), on a socket of a
   * folder of its own (no port), until the controller answers, which it does once its statistics
   * are open; stopped by its PID, then rspamd starts. Its two processes (milter and controller)
   * starting on no files would race to create them: `database is locked` in its log, and the loser
   * could go on without Bayes for its whole life (learning or scoring silently doing nothing).
   */
  private async startRspamd(): Promise<void> {
    if (!(await this.bayesFilesMade())) await this.makeBayesFiles();
    await this.spawnRspamd(this.rspamdConf(), this.paths.rspamdRunDir);
  }

  private async bayesFilesMade(): Promise<boolean> {
    const sizes = await Promise.all(
      BAYES_FILES.map((file) =>
        stat(path.join(this.paths.rspamdStateDir, file)).then(
          (found) => found.size,
          () => 0,
        ),
      ),
    );
    return sizes.every((size) => size > 0);
  }

  private async makeBayesFiles(): Promise<void> {
    const rspamd = { uid: await userId(RSPAMD_USER), gid: await groupId(RSPAMD_USER) };
    const runDir = path.join(this.paths.runDir, "rspamd-init");
    await rm(runDir, { recursive: true, force: true });
    await mkdir(runDir, { mode: 0o700 });
    await chown(runDir, rspamd.uid, rspamd.gid);
    const init = await this.spawnRspamd(path.join(this.paths.rspamdDir, BAYES_INIT_CONF), runDir);
    const exited = new Promise<string>((resolve) =>
      init.once("exit", (code, signal) => resolve(`rspamd s'est arrêté (${signal ?? code})`)),
    );
    try {
      const deadline = Date.now() + RSPAMD_FIRST_START_MS;
      const socketPath = path.join(runDir, BAYES_INIT_SOCKET);
      while (!(await controllerAnswers(socketPath, this.controllerPassword))) {
        const gone = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100, ""))]);
        if (gone) throw new Error(gone as string);
        if (Date.now() > deadline) throw new Error(`rspamd ne répond pas sur ${socketPath}`);
      }
    } finally {
      this.children.splice(this.children.indexOf(init), 1);
      await stopChild(init);
      await rm(runDir, { recursive: true, force: true });
    }
    if (!(await this.bayesFilesMade())) throw new Error("rspamd n'a pas créé ses fichiers Bayes");
  }

  /**
   * rspamd, as `_rspamd` from the start (never root: it reads Lua from its configuration and
   * writes its state), in the foreground; its PID file is written here (rspamd writes none with -f).
   * It renames its processes ("rspamd: main process", over its command line and environment): its
   * working folder, its state's, tells it is this host's.
   */
  private async spawnRspamd(conf: string, runDir: string): Promise<ChildProcess> {
    const child = this.spawnService(
      "/usr/bin/rspamd",
      ["-f", "-c", conf, ...rspamdVariables(this.paths.rspamdDir, { ...this.rspamdInput(), runDir })],
      {
        uid: await userId(RSPAMD_USER),
        gid: await groupId(RSPAMD_USER),
        cwd: this.paths.rspamdStateDir,
      },
    );
    await writeFile(path.join(this.paths.runDir, "rspamd.pid"), `${child.pid}\n`);
    return child;
  }

  /**
   * postsrsd (Debian's), signing with this host's secret for its own name: a forward's envelope
   * sender becomes SRS0=…@<hostname>, whose SPF is this host's, and a bounce to it finds its way back.
   */
  private srsArguments(): string[] {
    const { srsForward, srsReverse } = this.options.ports;
    return [
      ...["-s", this.paths.srsSecret, "-d", this.options.hostname, "-l", "127.0.0.1", "-4"],
      ...["-f", String(srsForward), "-r", String(srsReverse)],
      ...["-u", "postsrsd", "-p", path.join(this.paths.runDir, "postsrsd.pid")],
    ];
  }

  /** The SRS secret, made once (root's alone; postsrsd reads it before giving up root). */
  private async ensureSrsSecret(): Promise<void> {
    if (await lstat(this.paths.srsSecret).catch(() => null)) return;
    const tmp = `${this.paths.srsSecret}.tmp`;
    await writeFile(tmp, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
    await rename(tmp, this.paths.srsSecret);
  }

  private dkimConf(): string {
    return path.join(this.paths.dkimDir, "opendkim.conf");
  }

  /** OpenDKIM reads its tables at start: a new or removed domain restarts it. */
  private async restartDkim(): Promise<void> {
    const old = this.dkimChild;
    if (old) {
      this.children.splice(this.children.indexOf(old), 1);
      await stopChild(old, DKIM_STOP_SIGNAL);
    }
    this.dkimChild = this.spawnService("/usr/sbin/opendkim", ["-f", "-x", this.dkimConf()]);
    await waitForPort(this.options.ports.dkim);
  }

  /** The TXT record to publish for the domain's DKIM key. */
  async dkimRecord(domain: string): Promise<{ name: string; value: string }> {
    assertMailDomain(domain);
    const key = createPublicKey(await readFile(this.dkimKeyFile(domain), "utf8"));
    const publicKey = key.export({ type: "spki", format: "der" }).toString("base64");
    return { name: `${DKIM_SELECTOR}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}` };
  }

  private dkimKeyFile(domain: string): string {
    return path.join(this.paths.dkimDir, `${domain}.private`);
  }

  /** Each domain's key (made once, RSA 2048, OpenDKIM's alone) and the tables naming them. */
  private async writeDkim(domains: string[], files: Record<string, string>): Promise<void> {
    const opendkim = { uid: await userId("opendkim"), gid: await groupId("opendkim") };
    for (const domain of domains) {
      const file = this.dkimKeyFile(domain);
      if (await lstat(file).catch(() => null)) continue;
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const tmp = `${file}.tmp`;
      await writeFile(tmp, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
      await chown(tmp, opendkim.uid, opendkim.gid);
      await rename(tmp, file);
    }
    for (const name of ["key.table", "signing.table"]) {
      const file = path.join(this.paths.dkimDir, name);
      await writeFile(file, files[name] as string, { mode: 0o640 });
      await chown(file, 0, opendkim.gid);
    }
  }

  /**
   * The PIDs of this host's Postfix and Dovecot masters and of its OpenDKIM, from their PID
   * files, when they are running with this host's configuration (Postfix's master starts a
   * session of its own).
   */
  ourMasters(): number[] {
    return this.ourDaemons().map(([pid]) => pid);
  }

  /** `ourMasters`, each with the signal that ends it. */
  private ourDaemons(): [number, NodeJS.Signals][] {
    const daemons: [string, (pid: number) => boolean, NodeJS.Signals][] = [
      [
        path.join(this.paths.queueDir, "pid", "master.pid"),
        (pid) => readProc(pid, "environ").includes(`MAIL_CONFIG=${this.paths.postfixDir}\0`),
        "SIGTERM",
      ],
      [
        path.join(this.paths.runDir, "master.pid"),
        (pid) => readProc(pid, "cmdline").includes(this.paths.dovecotConf),
        "SIGTERM",
      ],
      [
        path.join(this.paths.runDir, "opendkim.pid"),
        (pid) => readProc(pid, "cmdline").includes(this.dkimConf()),
        DKIM_STOP_SIGNAL,
      ],
      [
        path.join(this.paths.runDir, "rspamd.pid"),
        (pid) => workingFolder(pid) === this.paths.rspamdStateDir,
        "SIGTERM",
      ],
      [
        path.join(this.paths.runDir, "postsrsd.pid"),
        (pid) => readProc(pid, "cmdline").includes(this.paths.srsSecret),
        "SIGTERM",
      ],
    ];
    const found: [number, NodeJS.Signals][] = [];
    for (const [file, ours, signal] of daemons) {
      let pid = 0;
      try {
        pid = Number(readFileSync(file, "utf8").trim());
      } catch {}
      if (pid > 0 && ours(pid)) found.push([pid, signal]);
    }
    return found;
  }

  /**
   * Ends `ourMasters`: those of a product killed without stopping, which leaves its Postfix,
   * Dovecot and OpenDKIM running (a leftover OpenDKIM holds the port, with the domains of its day).
   */
  private async endOurDaemons(): Promise<void> {
    await Promise.all(this.ourDaemons().map(([pid, signal]) => endProcess(pid, signal)));
  }
}

/** Whether rspamd's controller answers `/stat` on this socket, with this password. */
function controllerAnswers(socketPath: string, password: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: "/stat", headers: { Password: password } }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.setTimeout(5_000, () => request.destroy());
    request.once("error", () => resolve(false));
  });
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
}

function workingFolder(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return "";
  }
}

/** The mail user's ids. */
async function mailOwner(): Promise<{ uid: number; gid: number }> {
  return { uid: await userId(MAIL_USER), gid: await groupId(MAIL_USER) };
}

/** GNU tar as `owner`, its archive written into `into` (not ended) or read from `from`. */
function runTar(
  owner: { uid: number; gid: number },
  args: string[],
  io: { into?: NodeJS.WritableStream; from?: NodeJS.ReadableStream },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/tar", ["-f", "-", ...args], {
      env: { PATH: SYSTEM_PATH, LC_ALL: "C" },
      uid: owner.uid,
      gid: owner.gid,
      stdio: [io.from ? "pipe" : "ignore", io.into ? "pipe" : "ignore", "pipe"],
    });
    const errors: Buffer[] = [];
    child.stderr?.on("data", (chunk: Buffer) => errors.push(chunk));
    if (io.into && child.stdout) child.stdout.pipe(io.into, { end: false });
    if (io.from && child.stdin) {
      child.stdin.on("error", () => {});
      io.from.pipe(child.stdin);
    }
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`tar exited with ${code}: ${Buffer.concat(errors).toString("utf8").slice(-500)}`)),
    );
  });
}

export async function groupId(name: string): Promise<number> {
  const { stdout } = await runProcess("getent", ["group", name], { env: { PATH: SYSTEM_PATH } });
  return Number(stdout.split(":")[2]);
}

/** Whether something accepts connections on 127.0.0.1:port now. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await portOpen(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} fermé`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends a process (`first`, SIGKILL after 10 s) and waits until it is gone. */
export async function endProcess(pid: number, first: NodeJS.Signals = "SIGTERM"): Promise<void> {
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(pid, name);
      return true;
    } catch {
      return false;
    }
  };
  if (!signal(first)) return;
  const killAt = Date.now() + 10_000;
  while (signal(0)) {
    if (Date.now() > killAt) signal("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Ends a service's process group (Postfix's master and its daemons, Dovecot's) and waits for it. */
export async function stopChild(child: ChildProcess, first: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {}
  };
  signal(first);
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
