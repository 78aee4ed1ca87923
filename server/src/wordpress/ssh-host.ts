import { runStreaming } from "./run-process.ts";
import { type HelperTransport, SiteHostClient } from "./site-host-client.ts";
import { helperVersion } from "./site-host-files.ts";
import { requestSite } from "./site-request.ts";
import type { SftpEndpoint } from "./site-sftp.ts";
import { runSshHelper, type SshTarget, sshHelperArgs } from "./ssh-helper.ts";
import { assertSubdomain, type HostEvent, type HostHealth, type SiteRequestInit } from "./wordpress-host.ts";

export interface SshWordPressHostOptions {
  ssh: SshTarget;
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
export class SshWordPressHost extends SiteHostClient {
  private readonly listeners: ((event: HostEvent) => void)[] = [];
  private lastHealth: { at: number; health: Promise<HostHealth> } | undefined;
  private started = false;

  constructor(private readonly options: SshWordPressHostOptions) {
    super();
  }

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

  domainUrl(domain: string): string {
    return `https://${domain}`;
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

  protected siteHostName(subdomain: string): string {
    return `${subdomain}.${this.options.baseDomain}`;
  }

  private emit(event: HostEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  protected readonly transport: HelperTransport = {
    run: (args, stdin) => this.helper(args, stdin),
    stream: (args, io) => runStreaming("ssh", this.sshArgs(args), io),
  };

  /** Runs the helper on the host; arguments are subdomains and fixed words, checked before. */
  private helper(args: string[], stdin?: string) {
    return runSshHelper(this.options.ssh, this.options.helper, args, stdin);
  }

  private sshArgs(args: string[]): string[] {
    return sshHelperArgs(this.options.ssh, this.options.helper, args);
  }
}
