import { X509Certificate } from "node:crypto";
import { access, readdir } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import tls from "node:tls";
import type { SiteVersions } from "@lagon/contracts/maintenance-schemas";
import type { SiteMode } from "@lagon/contracts/sftp";
import type { PluginPin } from "../wordpress-plugins/plugin-source.ts";
import { ProcessError, runProcess, runStreaming } from "./run-process.ts";
import type { SiteQuotaMode } from "./site-disk.ts";
import { installedSite, prepareInstall, SITE_EXISTS_EXIT, SITE_HOST_SCRIPT } from "./site-install.ts";
import type { SiteLimits } from "./site-masters.ts";
import { requestSite } from "./site-request.ts";
import { SiteRuntime } from "./site-runtime.ts";
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

export interface LocalWordPressHostOptions {
  /** Sites live in <dataDir>/sites/<subdomain>, their temp folders in <dataDir>/site-tmp. */
  dataDir: string;
  /** The core template made by scripts/wordpress/fetch-core.sh. */
  coreDir: string;
  /** Port of nginx, on 127.0.0.1. */
  port: number;
  /** HTTPS port of nginx for custom domains, on 127.0.0.1, bound once a domain is active (default 8443). */
  tlsPort?: number;
  /** Default "localhost": browsers send *.localhost to loopback by themselves. */
  baseDomain?: string;
  /** Scheme and port of the sites' public URLs, when a proxy stands in front. Default: http, `port`. */
  publicScheme?: "http" | "https";
  publicPort?: number;
  /** What each site may take of the machine (default DEFAULT_SITE_LIMITS). */
  siteLimits?: SiteLimits;
  /** Each site's disk quota (decision 0071): `auto` where the machine allows it; default off. */
  diskQuota?: SiteQuotaMode;
  /** Each site's disk allowance in MiB, with a quota (default DEFAULT_SITE_DISK_MB). */
  siteDiskMb?: number;
  /** The mail host's submission port ("127.0.0.1:2587"), which the sites' WordPress sends through. */
  mailSubmission?: string;
  /** The customers' sshd on 127.0.0.1:<sftpPort>, started once a site has SFTP (decision 0059); unset: none. */
  sftpPort?: number;
  /** The name customers' SFTP clients connect to (default "localhost"). */
  sftpHost?: string;
}

/**
 * The embedded WordPress host: every site a folder of this machine with its SQLite database,
 * its own system user and php-fpm pool, served by nginx (SiteRuntime). Sites are created and
 * removed by host/site-host.sh, the same helper a production host runs over SSH.
 */
const DEFAULT_TLS_PORT = 8443;

export class LocalWordPressHost implements WordPressHost {
  private readonly runtime: SiteRuntime;
  private readonly baseDomain: string;
  private readonly listeners: ((event: HostEvent) => void)[] = [];

  constructor(private readonly options: LocalWordPressHostOptions) {
    this.baseDomain = options.baseDomain ?? "localhost";
    this.runtime = new SiteRuntime({
      dataDir: options.dataDir,
      coreDir: options.coreDir,
      port: options.port,
      tlsPort: options.tlsPort ?? DEFAULT_TLS_PORT,
      baseDomain: this.baseDomain,
      publicScheme: options.publicScheme,
      publicPort: options.publicPort,
      siteLimits: options.siteLimits,
      diskQuota: options.diskQuota,
      siteDiskMb: options.siteDiskMb,
      mailSubmission: options.mailSubmission,
      sftpPort: options.sftpPort,
      onEvent: (event) => {
        for (const listener of this.listeners) listener(event);
      },
    });
  }

  async start(): Promise<void> {
    const coreDir = path.resolve(this.options.coreDir);
    if (!(await exists(path.join(coreDir, "wp-settings.php")))) {
      throw new Error(`Aucun WordPress dans ${coreDir} : lancez scripts/wordpress/fetch-core.sh ${coreDir}`);
    }
    // Every site gets its user, folders and pool back before php-fpm reads the pools.
    try {
      await this.runtime.start(() =>
        this.siteHost(["sync"], { SYNC_RELOAD: "0", SCRATCH_MAX_AGE_MIN: "0" }).then(() => {}),
      );
    } catch (error) {
      // sync loaded the sites' network rules: a start that fails leaves none behind, nor the
      // sites' processes and disk mounts.
      await this.siteHost(["firewall-down"]).catch(() => {});
      await this.runtime.stop().catch(() => {});
      throw error;
    }
    // The customers' sshd, when a site already has SFTP access.
    const chroots = await readdir(`${this.runtime.paths.sftpDir}/chroots`).catch(() => []);
    if (this.options.sftpPort !== undefined && chroots.length > 0) await this.runtime.startSftp();
  }

  async stop(): Promise<void> {
    // The site users' network rules go with the sites' processes (sync loads them at start).
    try {
      await this.siteHost(["firewall-down"]);
    } finally {
      await this.runtime.stop();
    }
  }

  /** Whether each site's disk is limited (decision 0071). */
  get diskQuota(): boolean {
    return this.runtime.diskQuota;
  }

  health(): Promise<HostHealth | null> {
    return this.runtime.health();
  }

  onEvent(listener: (event: HostEvent) => void): void {
    this.listeners.push(listener);
  }

  siteUrl(subdomain: string): string {
    const scheme = this.options.publicScheme ?? "http";
    const port = this.options.publicPort ?? this.options.port;
    const defaultPort = scheme === "https" ? 443 : 80;
    return `${scheme}://${subdomain}.${this.baseDomain}${port === defaultPort ? "" : `:${port}`}`;
  }

  async status(subdomain: string): Promise<SiteStatus> {
    assertSubdomain(subdomain);
    const { stdout } = await this.siteHost(["status", subdomain]);
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
    await this.siteHost(["remove", subdomain]);
  }

  async runScheduledTasks(subdomain?: string): Promise<void> {
    if (subdomain !== undefined) assertSubdomain(subdomain);
    await this.siteHost(["cron", ...(subdomain ? [subdomain] : [])]);
  }

  async suspend(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.siteHost(["suspend", subdomain]);
  }

  async unsuspend(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.siteHost(["unsuspend", subdomain]);
  }

  async putAcmeChallenge(token: string, keyAuthorization: string): Promise<void> {
    assertAcmeToken(token);
    await this.siteHost(["acme-put", token], {}, keyAuthorization);
  }

  async removeAcmeChallenge(token: string): Promise<void> {
    assertAcmeToken(token);
    await this.siteHost(["acme-remove", token]);
  }

  domainUrl(domain: string): string {
    const port = this.options.tlsPort ?? DEFAULT_TLS_PORT;
    return `https://${domain}${port === 443 ? "" : `:${port}`}`;
  }

  async installDomain(subdomain: string, domain: string, certificate: DomainCertificate): Promise<void> {
    assertSubdomain(subdomain);
    assertDomain(domain);
    const siteHost = `${subdomain}.${this.baseDomain}`;
    await this.siteHost(
      ["domain-install", subdomain, domain, this.domainUrl(domain), siteHost],
      {},
      domainInstallInput(certificate),
    );
    // nginx reloads gracefully: the domain is live once its new workers serve this certificate.
    await waitUntilServed(this.options.tlsPort ?? DEFAULT_TLS_PORT, domain, certificate.certificatePem);
  }

  async removeDomain(domain: string): Promise<void> {
    assertDomain(domain);
    await this.siteHost(["domain-remove", domain]);
  }

  async visitLog(subdomain: string, since: string): Promise<string> {
    assertSubdomain(subdomain);
    assertDay(since);
    const { stdout } = await this.siteHost(["visits", subdomain, since]);
    return stdout;
  }

  async pruneVisitLogs(): Promise<void> {
    await this.siteHost(["visits-prune"]);
  }

  async diskUsage(): Promise<SiteDiskUsage[]> {
    return parseDiskUsage((await this.siteHost(["disk-usage"])).stdout);
  }

  sftpEndpoint(): SftpEndpoint | null {
    const port = this.options.sftpPort;
    return port === undefined ? null : { host: this.options.sftpHost ?? "localhost", port };
  }

  async sftp(subdomain: string, change: SftpChange): Promise<SftpState> {
    assertSubdomain(subdomain);
    if (this.options.sftpPort === undefined) throw new Error("this host has no SFTP (SFTP_PORT)");
    const { args, stdin } = sftpCommand(subdomain, change);
    const { stdout } = await this.siteHost(args, {}, stdin);
    if (change.action !== "status") await this.runtime.startSftp();
    return parseSftpState(stdout);
  }

  async setSiteMode(subdomain: string, mode: SiteMode): Promise<void> {
    assertSubdomain(subdomain);
    await this.siteHost(siteModeArgs(subdomain, mode));
  }

  async suspendSftp(subdomain: string, suspended: boolean): Promise<boolean> {
    assertSubdomain(subdomain);
    const args = suspendSftpArgs(subdomain, suspended);
    if (this.options.sftpPort === undefined) return false;
    const changed = parseSuspendSftp((await this.siteHost(args)).stdout);
    if (changed && !suspended) await this.runtime.startSftp();
    return changed;
  }

  async refreshSiteFiles(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.siteHost(["site-files", subdomain]);
  }

  async cachedPlugin(pin: PluginPin): Promise<string | null> {
    const { stdout } = await this.siteHost(["plugin-cached", ...pluginArgs(pin)]);
    return parseCachedPlugin(stdout);
  }

  cachePlugin(pin: PluginPin, sha256: string, tar: Uint8Array): Promise<void> {
    return runStreaming("bash", [SITE_HOST_SCRIPT, "plugin-put", ...pluginArgs(pin, sha256)], {
      env: this.helperEnv(),
      stdin: Readable.from([Buffer.from(tar)]),
    });
  }

  async installPlugin(subdomain: string, pin: PluginPin, sha256: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.siteHost(["plugin-install", subdomain, ...pluginArgs(pin, sha256)]);
  }

  async applyKit(subdomain: string, kit: SiteKit): Promise<string> {
    assertSubdomain(subdomain);
    const { stdout } = await this.siteHost(["kit-apply", subdomain], {}, JSON.stringify(kit));
    return stdout.trim().split("\n").at(-1) ?? "";
  }

  async setSiteUrl(subdomain: string, url: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.siteHost(["site-url", subdomain, new URL(url).origin]);
  }

  exportSite(subdomain: string, into: Writable): Promise<void> {
    assertSubdomain(subdomain);
    return runStreaming("bash", [SITE_HOST_SCRIPT, "export", subdomain], {
      env: this.helperEnv(),
      stdout: into,
    });
  }

  importSite(subdomain: string, archive: Readable): Promise<void> {
    assertSubdomain(subdomain);
    return runStreaming("bash", [SITE_HOST_SCRIPT, "import", subdomain], {
      env: this.helperEnv(),
      stdin: archive,
    });
  }

  async versions(subdomain?: string): Promise<SiteVersions> {
    if (subdomain !== undefined) assertSubdomain(subdomain);
    const { stdout } = await this.siteHost(["versions", ...(subdomain ? [subdomain] : [])]);
    return parseVersions(stdout);
  }

  async updateSite(subdomain: string, items: UpdatePart[]): Promise<SiteVersions> {
    assertSubdomain(subdomain);
    const { stdout } = await this.siteHost(["update", subdomain, ...updateArgs(items)]);
    return parseVersions(stdout);
  }

  rollbackUpdate(subdomain: string, archive: Readable): Promise<void> {
    assertSubdomain(subdomain);
    return runStreaming("bash", [SITE_HOST_SCRIPT, "rollback", subdomain], {
      env: this.helperEnv(),
      stdin: archive,
    });
  }

  async finishUpdate(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.siteHost(["update-done", subdomain]);
  }

  fetch(subdomain: string, urlPath: string, init?: SiteRequestInit): Promise<Response> {
    assertSubdomain(subdomain);
    // Straight to nginx, which speaks plain HTTP whatever the public scheme.
    const url = new URL(urlPath, this.siteUrl(subdomain));
    url.protocol = "http:";
    return requestSite(url, init, { host: "127.0.0.1", port: this.options.port });
  }

  private async installAfresh(site: SiteIdentity, replace: boolean): Promise<InstalledSite> {
    assertSubdomain(site.subdomain);
    // A site installed while nginx or php-fpm is down would wait for its pool in vain; one that
    // is being restarted gets a few seconds to come back.
    let health = await this.runtime.health();
    for (let waited = 0; health && !health.ok && waited < 10_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      health = await this.runtime.health();
    }
    if (!health?.ok) {
      throw new Error(`le site ne répond pas : ${health?.reason ?? "l'hébergement WordPress est arrêté"}`);
    }
    const { stdin, credentials } = prepareInstall(site, this.siteUrl(site.subdomain));
    const args = ["install", site.subdomain, ...(replace ? ["--replace"] : [])];
    try {
      const { stdout } = await this.siteHost(args, {}, stdin);
      return installedSite(credentials, stdout);
    } catch (error) {
      if (error instanceof ProcessError && error.exitCode === SITE_EXISTS_EXIT) {
        throw new SiteExistsError(site.subdomain);
      }
      throw error;
    }
  }

  /** Runs the helper as this (root) process, with its settings and nothing else in its environment. */
  private siteHost(args: string[], extra: Record<string, string> = {}, stdin?: string) {
    return runProcess("bash", [SITE_HOST_SCRIPT, ...args], {
      stdin,
      env: this.helperEnv(extra),
      timeoutMs: 300_000,
    });
  }

  private helperEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: "/usr/sbin:/usr/bin:/sbin:/bin",
      SITE_HOST_CONF: "/nonexistent",
      PLUGIN_CACHE_DIR: path.join(this.options.dataDir, "plugin-cache"),
      ...this.runtime.hostSettings(),
      ...extra,
    };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until nginx on 127.0.0.1:<port> answers `domain` with the certificate just installed
 * (its old workers keep the previous configuration for a moment after a reload).
 */
async function waitUntilServed(port: number, domain: string, certificatePem: string, timeoutMs = 15_000) {
  const wanted = new X509Certificate(certificatePem).serialNumber.toUpperCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const served = await new Promise<string | undefined>((resolve) => {
      const socket = tls.connect(
        { host: "127.0.0.1", port, servername: domain, rejectUnauthorized: false },
        () => {
          resolve(socket.getPeerCertificate().serialNumber?.toUpperCase());
          socket.destroy();
        },
      );
      socket.setTimeout(2_000, () => socket.destroy());
      socket.once("error", () => resolve(undefined));
      socket.once("close", () => resolve(undefined));
    });
    if (served === wanted) return;
    if (Date.now() > deadline) throw new Error(`nginx does not serve the new certificate of ${domain}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
