import { X509Certificate } from "node:crypto";
import { access, readdir } from "node:fs/promises";
import path from "node:path";
import tls from "node:tls";
import { runProcess, runStreaming } from "./run-process.ts";
import type { SiteQuotaMode } from "./site-disk.ts";
import { type HelperTransport, SiteHostClient } from "./site-host-client.ts";
import { runtimeHelperCopy } from "./site-host-files.ts";
import type { SiteLimits } from "./site-masters.ts";
import { requestSite } from "./site-request.ts";
import { SiteRuntime } from "./site-runtime.ts";
import type { ProductUpstream } from "./site-runtime-config.ts";
import type { SftpChange, SftpEndpoint, SftpState } from "./site-sftp.ts";
import {
  assertSubdomain,
  type DomainCertificate,
  type HostEvent,
  type HostHealth,
  type SiteRequestInit,
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
  /** The cap of each site's disk allowance in MiB, with a quota (default DEFAULT_SITE_DISK_MB). */
  siteDiskMb?: number;
  /** The mail host's submission port ("127.0.0.1:2587"), which the sites' WordPress sends through. */
  mailSubmission?: string;
  /** The customers' sshd on 127.0.0.1:<sftpPort>, started once a site has SFTP (decision 0059); unset: none. */
  sftpPort?: number;
  /** The name customers' SFTP clients connect to (default "localhost"). */
  sftpHost?: string;
  /** Where the sites' nginx passes mail programs' set-up requests (decision 0114). */
  product?: ProductUpstream;
}

/**
 * The embedded WordPress host: every site a folder of this machine with its SQLite database,
 * its own system user and php-fpm pool, served by nginx (SiteRuntime). Sites are created and
 * removed by host/site-host.sh, the same helper a production host runs over SSH (a root-only
 * copy of it in the runtime folder, as on a production host).
 */
const DEFAULT_TLS_PORT = 8443;

export class LocalWordPressHost extends SiteHostClient {
  private readonly runtime: SiteRuntime;
  private readonly baseDomain: string;
  private readonly listeners: ((event: HostEvent) => void)[] = [];

  constructor(private readonly options: LocalWordPressHostOptions) {
    super();
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
      product: options.product,
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

  domainUrl(domain: string): string {
    const port = this.options.tlsPort ?? DEFAULT_TLS_PORT;
    return `https://${domain}${port === 443 ? "" : `:${port}`}`;
  }

  override async installDomain(
    subdomain: string,
    domain: string,
    certificate: DomainCertificate,
  ): Promise<void> {
    const workers = this.runtime.nginxWorkers();
    await super.installDomain(subdomain, domain, certificate);
    // nginx reloads gracefully: the domain is live once its new workers serve this certificate,
    // and every request gets it once the old workers are gone.
    await waitUntilServed(this.options.tlsPort ?? DEFAULT_TLS_PORT, domain, certificate.certificatePem);
    await this.runtime.nginxReloaded(workers);
  }

  override async removeDomain(domain: string): Promise<void> {
    const workers = this.runtime.nginxWorkers();
    await super.removeDomain(domain);
    await this.runtime.nginxReloaded(workers);
  }

  sftpEndpoint(): SftpEndpoint | null {
    const port = this.options.sftpPort;
    return port === undefined ? null : { host: this.options.sftpHost ?? "localhost", port };
  }

  override async sftp(subdomain: string, change: SftpChange): Promise<SftpState> {
    const state = await super.sftp(subdomain, change);
    if (change.action !== "status") await this.runtime.startSftp();
    return state;
  }

  override async suspendSftp(subdomain: string, suspended: boolean): Promise<boolean> {
    const changed = await super.suspendSftp(subdomain, suspended);
    if (changed && !suspended) await this.runtime.startSftp();
    return changed;
  }

  fetch(subdomain: string, urlPath: string, init?: SiteRequestInit): Promise<Response> {
    assertSubdomain(subdomain);
    // Straight to nginx, which speaks plain HTTP whatever the public scheme.
    const url = new URL(urlPath, this.siteUrl(subdomain));
    url.protocol = "http:";
    return requestSite(url, init, { host: "127.0.0.1", port: this.options.port });
  }

  protected siteHostName(subdomain: string): string {
    return `${subdomain}.${this.baseDomain}`;
  }

  /** A site installed while nginx or php-fpm is down would wait for its pool in vain; one that is being restarted gets a few seconds to come back. */
  protected override async beforeInstall(): Promise<void> {
    let health = await this.runtime.health();
    for (let waited = 0; health && !health.ok && waited < 10_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      health = await this.runtime.health();
    }
    if (!health?.ok) {
      throw new Error(`le site ne répond pas : ${health?.reason ?? "l'hébergement WordPress est arrêté"}`);
    }
  }

  protected readonly transport: HelperTransport = {
    run: (args, stdin) => this.siteHost(args, {}, stdin),
    stream: async (args, io) =>
      runStreaming("bash", [await this.helperScript(), ...args], { env: this.helperEnv(), ...io }),
  };

  /**
   * The root-only copy of the helper this host runs (decision 0081), made when missing: at the
   * first command, and again after a stop, which removes the runtime folder.
   */
  private helperScript(): Promise<string> {
    return runtimeHelperCopy(this.runtime.paths.runDir);
  }

  /** Runs the helper as this (root) process, with its settings and nothing else in its environment. */
  private async siteHost(args: string[], extra: Record<string, string> = {}, stdin?: string) {
    return runProcess("bash", [await this.helperScript(), ...args], {
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
