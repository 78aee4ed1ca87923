import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import type { SiteVersions } from "@lagon/contracts/maintenance-schemas";
import type { SiteMode } from "@lagon/contracts/sftp";
import type { PluginPin } from "../wordpress-plugins/plugin-source.ts";
import { ProcessError, runProcess, runStreaming } from "./run-process.ts";
import {
  helperPhpPrograms,
  installedSite,
  prepareInstall,
  SITE_EXISTS_EXIT,
  SITE_HOST_SCRIPT,
} from "./site-install.ts";
import { requestSite } from "./site-request.ts";
import {
  parseSftpState,
  parseSuspendSftp,
  type SftpChange,
  type SftpEndpoint,
  type SftpState,
  sftpCommand,
  siteModeArgs,
  suspendSftpArgs,
} from "./site-sftp.ts";
import {
  assertAcmeToken,
  assertDay,
  assertDomain,
  assertSubdomain,
  type DomainCertificate,
  domainInstallInput,
  type HostEvent,
  type HostHealth,
  type InstalledSite,
  parseCachedPlugin,
  parseDiskUsage,
  parseVersions,
  pluginArgs,
  type SiteDiskUsage,
  SiteExistsError,
  type SiteIdentity,
  type SiteKit,
  type SiteRequestInit,
  type SiteStatus,
  type UpdatePart,
  updateArgs,
  type WordPressHost,
} from "./wordpress-host.ts";

export interface SshWordPressHostOptions {
  ssh: {
    host: string;
    user: string;
    port?: number;
    /** Private key with access to the host (BatchMode: no password is ever asked). */
    keyFile: string;
    /** known_hosts file holding the host's key; default: the user's own known_hosts. */
    knownHostsFile?: string;
  };
  /**
   * How the helper is run on the host: a root-owned copy of host/site-host.sh, through sudo
   * (docs/operations/wordpress-host.md), e.g. `sudo -n /usr/local/lib/lagon/site-host.sh`.
   */
  helper: string;
  /** Sites answer at <subdomain>.<baseDomain>. */
  baseDomain: string;
  /** Default https on the default port. */
  publicScheme?: "http" | "https";
  publicPort?: number;
  /** Where `fetch` connects instead of the site's DNS name (tests: 127.0.0.1). */
  connectHost?: string;
  /**
   * Where customers reach the host's sshd for SFTP (its Match block, decision 0059); default the
   * SSH host's name on port 22; null: none.
   */
  sftp?: Partial<SftpEndpoint> | null;
}

const HEALTH_CACHE_MS = 30_000;

/**
 * The production WordPress host: a machine reached over SSH, as a user of its own that is none
 * of the sites' users, whose nginx + php-fpm serve every <subdomain>.<baseDomain>. Each call is
 * one `ssh` command running the host's root-owned copy of site-host.sh, the same helper the
 * embedded host runs; the sites can neither read nor change it.
 */
export class SshWordPressHost implements WordPressHost {
  private readonly listeners: ((event: HostEvent) => void)[] = [];
  private lastHealth: { at: number; health: Promise<HostHealth> } | undefined;
  private started = false;

  constructor(private readonly options: SshWordPressHostOptions) {}

  /** Checks that the host answers and runs the helper of this version of the product. */
  async start(): Promise<void> {
    const { stdout } = await this.helper(["check"]);
    const remote = stdout.trim().split("\n").at(-1);
    if (remote !== helperVersion()) {
      throw new Error(
        `L'hôte WordPress ${this.options.ssh.host} n'a pas la version ${helperVersion()} de site-host.sh (il a ${remote}) : copiez server/src/wordpress/host/ sur l'hôte (docs/operations/wordpress-host.md).`,
      );
    }
    this.started = true;
  }

  async stop(): Promise<void> {
    this.started = false;
  }

  /** Asks the host at most every 30 s; tells the listeners when it goes down or comes back. */
  async health(): Promise<HostHealth | null> {
    if (!this.started) return null;
    const now = Date.now();
    if (this.lastHealth && now - this.lastHealth.at < HEALTH_CACHE_MS) return this.lastHealth.health;
    const previous = this.lastHealth?.health;
    const health = this.helper(["check"]).then(
      (): HostHealth => ({ ok: true }),
      (error: Error): HostHealth => ({ ok: false, reason: `hôte WordPress injoignable : ${error.message}` }),
    );
    this.lastHealth = { at: now, health };
    void Promise.all([previous, health]).then(([before, after]) => {
      if (before?.ok && !after.ok) this.emit({ kind: "down", service: "ssh", detail: after.reason ?? "" });
      if (before && !before.ok && after.ok) this.emit({ kind: "restored", service: "ssh" });
    });
    return health;
  }

  onEvent(listener: (event: HostEvent) => void): void {
    this.listeners.push(listener);
  }

  siteUrl(subdomain: string): string {
    const scheme = this.options.publicScheme ?? "https";
    const defaultPort = scheme === "https" ? 443 : 80;
    const port = this.options.publicPort ?? defaultPort;
    return `${scheme}://${subdomain}.${this.options.baseDomain}${port === defaultPort ? "" : `:${port}`}`;
  }

  async status(subdomain: string): Promise<SiteStatus> {
    assertSubdomain(subdomain);
    const { stdout } = await this.helper(["status", subdomain]);
    return stdout.trim() === "installed" ? "installed" : "absent";
  }

  install(site: SiteIdentity): Promise<InstalledSite> {
    return this.installAfresh(site, false);
  }

  reinstall(site: SiteIdentity): Promise<InstalledSite> {
    return this.installAfresh(site, true);
  }

  async remove(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(["remove", subdomain]);
  }

  async suspend(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(["suspend", subdomain]);
  }

  async unsuspend(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(["unsuspend", subdomain]);
  }

  async putAcmeChallenge(token: string, keyAuthorization: string): Promise<void> {
    assertAcmeToken(token);
    await this.helper(["acme-put", token], keyAuthorization);
  }

  async removeAcmeChallenge(token: string): Promise<void> {
    assertAcmeToken(token);
    await this.helper(["acme-remove", token]);
  }

  domainUrl(domain: string): string {
    return `https://${domain}`;
  }

  async installDomain(subdomain: string, domain: string, certificate: DomainCertificate): Promise<void> {
    assertSubdomain(subdomain);
    assertDomain(domain);
    const siteHost = `${subdomain}.${this.options.baseDomain}`;
    await this.helper(
      ["domain-install", subdomain, domain, this.domainUrl(domain), siteHost],
      domainInstallInput(certificate),
    );
  }

  async removeDomain(domain: string): Promise<void> {
    assertDomain(domain);
    await this.helper(["domain-remove", domain]);
  }

  async visitLog(subdomain: string, since: string): Promise<string> {
    assertSubdomain(subdomain);
    assertDay(since);
    const { stdout } = await this.helper(["visits", subdomain, since]);
    return stdout;
  }

  async pruneVisitLogs(): Promise<void> {
    await this.helper(["visits-prune"]);
  }

  async diskUsage(): Promise<SiteDiskUsage[]> {
    return parseDiskUsage((await this.helper(["disk-usage"])).stdout);
  }

  async cachedPlugin(pin: PluginPin): Promise<string | null> {
    const { stdout } = await this.helper(["plugin-cached", ...pluginArgs(pin)]);
    return parseCachedPlugin(stdout);
  }

  cachePlugin(pin: PluginPin, sha256: string, tar: Uint8Array): Promise<void> {
    return runStreaming("ssh", this.sshArgs(["plugin-put", ...pluginArgs(pin, sha256)]), {
      stdin: Readable.from([Buffer.from(tar)]),
    });
  }

  async installPlugin(subdomain: string, pin: PluginPin, sha256: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(["plugin-install", subdomain, ...pluginArgs(pin, sha256)]);
  }

  async applyKit(subdomain: string, kit: SiteKit): Promise<string> {
    assertSubdomain(subdomain);
    const { stdout } = await this.helper(["kit-apply", subdomain], JSON.stringify(kit));
    return stdout.trim().split("\n").at(-1) ?? "";
  }

  async setSiteUrl(subdomain: string, url: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(["site-url", subdomain, new URL(url).origin]);
  }

  exportSite(subdomain: string, into: Writable): Promise<void> {
    assertSubdomain(subdomain);
    return runStreaming("ssh", this.sshArgs(["export", subdomain]), { stdout: into });
  }

  importSite(subdomain: string, archive: Readable): Promise<void> {
    assertSubdomain(subdomain);
    return runStreaming("ssh", this.sshArgs(["import", subdomain]), { stdin: archive });
  }

  async versions(subdomain?: string): Promise<SiteVersions> {
    if (subdomain !== undefined) assertSubdomain(subdomain);
    const { stdout } = await this.helper(["versions", ...(subdomain ? [subdomain] : [])]);
    return parseVersions(stdout);
  }

  async updateSite(subdomain: string, items: UpdatePart[]): Promise<SiteVersions> {
    assertSubdomain(subdomain);
    const { stdout } = await this.helper(["update", subdomain, ...updateArgs(items)]);
    return parseVersions(stdout);
  }

  rollbackUpdate(subdomain: string, archive: Readable): Promise<void> {
    assertSubdomain(subdomain);
    return runStreaming("ssh", this.sshArgs(["rollback", subdomain]), { stdin: archive });
  }

  async runScheduledTasks(subdomain?: string): Promise<void> {
    if (subdomain !== undefined) assertSubdomain(subdomain);
    await this.helper(["cron", ...(subdomain ? [subdomain] : [])]);
  }

  async finishUpdate(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(["update-done", subdomain]);
  }

  fetch(subdomain: string, path: string, init?: SiteRequestInit): Promise<Response> {
    assertSubdomain(subdomain);
    const { connectHost } = this.options;
    return requestSite(
      new URL(path, this.siteUrl(subdomain)),
      init,
      connectHost ? { host: connectHost } : undefined,
    );
  }

  sftpEndpoint(): SftpEndpoint | null {
    if (this.options.sftp === null) return null;
    return { host: this.options.sftp?.host ?? this.options.ssh.host, port: this.options.sftp?.port ?? 22 };
  }

  async sftp(subdomain: string, change: SftpChange): Promise<SftpState> {
    assertSubdomain(subdomain);
    if (this.options.sftp === null) throw new Error("this host has no SFTP (SFTP_PORT=off)");
    const { args, stdin } = sftpCommand(subdomain, change);
    const { stdout } = await this.helper(args, stdin);
    return parseSftpState(stdout);
  }

  async setSiteMode(subdomain: string, mode: SiteMode): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(siteModeArgs(subdomain, mode));
  }

  async suspendSftp(subdomain: string, suspended: boolean): Promise<boolean> {
    assertSubdomain(subdomain);
    const args = suspendSftpArgs(subdomain, suspended);
    if (this.options.sftp === null) return false;
    return parseSuspendSftp((await this.helper(args)).stdout);
  }

  async refreshSiteFiles(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.helper(["site-files", subdomain]);
  }

  private emit(event: HostEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private async installAfresh(site: SiteIdentity, replace: boolean): Promise<InstalledSite> {
    assertSubdomain(site.subdomain);
    const { stdin, credentials } = prepareInstall(site, this.siteUrl(site.subdomain));
    try {
      const { stdout } = await this.helper(
        ["install", site.subdomain, ...(replace ? ["--replace"] : [])],
        stdin,
      );
      return installedSite(credentials, stdout);
    } catch (error) {
      if (error instanceof ProcessError && error.exitCode === SITE_EXISTS_EXIT) {
        throw new SiteExistsError(site.subdomain);
      }
      throw error;
    }
  }

  /** Runs the helper on the host; arguments are subdomains and fixed words, checked before. */
  private helper(args: string[], stdin?: string) {
    return runProcess("ssh", this.sshArgs(args), { stdin, timeoutMs: 300_000 });
  }

  private sshArgs(args: string[]): string[] {
    const { host, user, port = 22, keyFile, knownHostsFile } = this.options.ssh;
    const sshArgs = ["-i", keyFile, "-p", String(port), "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"];
    sshArgs.push("-o", "ConnectTimeout=15", "-o", "LogLevel=ERROR");
    if (knownHostsFile) {
      sshArgs.push("-o", `UserKnownHostsFile=${knownHostsFile}`, "-o", "StrictHostKeyChecking=yes");
    }
    sshArgs.push(`${user}@${host}`, [this.options.helper, ...args].join(" "));
    return sshArgs;
  }
}

let version: string | undefined;

/** What `site-host.sh check` prints when the host runs the same helper and PHP programs as this product. */
export function helperVersion(): string {
  if (version) return version;
  const dir = path.dirname(SITE_HOST_SCRIPT);
  const hash = createHash("sha256").update(readFileSync(SITE_HOST_SCRIPT));
  for (const program of helperPhpPrograms()) hash.update(readFileSync(path.join(dir, program)));
  const siteFiles = path.join(dir, "site-files");
  const files = readdirSync(siteFiles, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteFiles, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(readFileSync(path.join(siteFiles, file)));
  version = hash.digest("hex").slice(0, 16);
  return version;
}
