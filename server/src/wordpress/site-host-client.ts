import { Readable, type Writable } from "node:stream";
import type { SiteVersions } from "@lagon/contracts/maintenance-schemas";
import type { SiteMode } from "@lagon/contracts/sftp";
import type { PluginPin } from "../wordpress-plugins/plugin-source.ts";
import { ProcessError } from "./run-process.ts";
import { installedSite, prepareInstall, SITE_EXISTS_EXIT } from "./site-install.ts";
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
  diskMbArgs,
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

/**
 * How one command of the root helper (host/site-host.sh) reaches it: as a child process on this
 * machine, or as one `ssh` command to the host's root-owned copy. Arguments are fixed words and
 * values checked before (subdomains, domains, days, versions); what is secret goes on stdin.
 */
export interface HelperTransport {
  run(args: string[], stdin?: string): Promise<{ stdout: string }>;
  /** For archives: the helper's stdin from `stdin`, or its stdout into `stdout`. */
  stream(args: string[], io: { stdin?: Readable; stdout?: Writable }): Promise<void>;
}

/**
 * The one typed client of the root helper: every WordPressHost call that is a helper command,
 * its arguments checked and its answer parsed the same way on the embedded host and on an SSH
 * host. A host supplies its transport and what is its own (starting, health, URLs, requests).
 */
export abstract class SiteHostClient implements WordPressHost {
  protected abstract readonly transport: HelperTransport;

  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;
  abstract health(): Promise<HostHealth | null>;
  abstract onEvent(listener: (event: HostEvent) => void): void;
  abstract siteUrl(subdomain: string): string;
  abstract domainUrl(domain: string): string;
  abstract fetch(subdomain: string, path: string, init?: SiteRequestInit): Promise<Response>;
  abstract sftpEndpoint(): SftpEndpoint | null;
  /** The name the host serves `subdomain` under before any custom domain. */
  protected abstract siteHostName(subdomain: string): string;

  /** What must hold before a site is installed (the embedded host waits for its PHP). */
  protected async beforeInstall(): Promise<void> {}

  async status(subdomain: string): Promise<SiteStatus> {
    assertSubdomain(subdomain);
    const { stdout } = await this.transport.run(["status", subdomain]);
    return stdout.trim() === "installed" ? "installed" : "absent";
  }

  install(site: SiteIdentity): Promise<InstalledSite> {
    return this.installAfresh(site, false);
  }

  reinstall(site: SiteIdentity): Promise<InstalledSite> {
    return this.installAfresh(site, true);
  }

  async remove(subdomain: string): Promise<void> {
    await this.onSite("remove", subdomain);
  }

  async runScheduledTasks(subdomain?: string): Promise<void> {
    if (subdomain !== undefined) assertSubdomain(subdomain);
    await this.transport.run(["cron", ...(subdomain ? [subdomain] : [])]);
  }

  async suspend(subdomain: string): Promise<void> {
    await this.onSite("suspend", subdomain);
  }

  async unsuspend(subdomain: string): Promise<void> {
    await this.onSite("unsuspend", subdomain);
  }

  async finishUpdate(subdomain: string): Promise<void> {
    await this.onSite("update-done", subdomain);
  }

  async putAcmeChallenge(token: string, keyAuthorization: string): Promise<void> {
    assertAcmeToken(token);
    await this.transport.run(["acme-put", token], keyAuthorization);
  }

  async removeAcmeChallenge(token: string): Promise<void> {
    assertAcmeToken(token);
    await this.transport.run(["acme-remove", token]);
  }

  async installDomain(subdomain: string, domain: string, certificate: DomainCertificate): Promise<void> {
    assertSubdomain(subdomain);
    assertDomain(domain);
    await this.transport.run(
      ["domain-install", subdomain, domain, this.domainUrl(domain), this.siteHostName(subdomain)],
      domainInstallInput(certificate),
    );
  }

  async removeDomain(domain: string): Promise<void> {
    assertDomain(domain);
    await this.transport.run(["domain-remove", domain]);
  }

  async setSiteUrl(subdomain: string, url: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.transport.run(["site-url", subdomain, new URL(url).origin]);
  }

  async visitLog(subdomain: string, since: string): Promise<string> {
    assertSubdomain(subdomain);
    assertDay(since);
    return (await this.transport.run(["visits", subdomain, since])).stdout;
  }

  async pruneVisitLogs(): Promise<void> {
    await this.transport.run(["visits-prune"]);
  }

  async diskUsage(): Promise<SiteDiskUsage[]> {
    return parseDiskUsage((await this.transport.run(["disk-usage"])).stdout);
  }

  async setDiskAllowance(subdomain: string, mb: number): Promise<void> {
    assertSubdomain(subdomain);
    await this.transport.run(["disk-limit", subdomain, ...diskMbArgs(mb)]);
  }

  async cachedPlugin(pin: PluginPin): Promise<string | null> {
    return parseCachedPlugin((await this.transport.run(["plugin-cached", ...pluginArgs(pin)])).stdout);
  }

  cachePlugin(pin: PluginPin, sha256: string, tar: Uint8Array): Promise<void> {
    return this.transport.stream(["plugin-put", ...pluginArgs(pin, sha256)], {
      stdin: Readable.from([Buffer.from(tar)]),
    });
  }

  async installPlugin(subdomain: string, pin: PluginPin, sha256: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.transport.run(["plugin-install", subdomain, ...pluginArgs(pin, sha256)]);
  }

  async applyKit(subdomain: string, kit: SiteKit): Promise<string> {
    assertSubdomain(subdomain);
    const { stdout } = await this.transport.run(["kit-apply", subdomain], JSON.stringify(kit));
    return stdout.trim().split("\n").at(-1) ?? "";
  }

  exportSite(subdomain: string, into: Writable): Promise<void> {
    assertSubdomain(subdomain);
    return this.transport.stream(["export", subdomain], { stdout: into });
  }

  importSite(subdomain: string, archive: Readable): Promise<void> {
    assertSubdomain(subdomain);
    return this.transport.stream(["import", subdomain], { stdin: archive });
  }

  async versions(subdomain?: string): Promise<SiteVersions> {
    if (subdomain !== undefined) assertSubdomain(subdomain);
    return parseVersions((await this.transport.run(["versions", ...(subdomain ? [subdomain] : [])])).stdout);
  }

  async updateSite(subdomain: string, items: UpdatePart[]): Promise<SiteVersions> {
    assertSubdomain(subdomain);
    return parseVersions((await this.transport.run(["update", subdomain, ...updateArgs(items)])).stdout);
  }

  rollbackUpdate(subdomain: string, archive: Readable): Promise<void> {
    assertSubdomain(subdomain);
    return this.transport.stream(["rollback", subdomain], { stdin: archive });
  }

  async sftp(subdomain: string, change: SftpChange): Promise<SftpState> {
    assertSubdomain(subdomain);
    if (this.sftpEndpoint() === null) throw new Error("this host has no SFTP (SFTP_PORT)");
    const { args, stdin } = sftpCommand(subdomain, change);
    return parseSftpState((await this.transport.run(args, stdin)).stdout);
  }

  async setSiteMode(subdomain: string, mode: SiteMode): Promise<void> {
    assertSubdomain(subdomain);
    await this.transport.run(siteModeArgs(subdomain, mode));
  }

  async suspendSftp(subdomain: string, suspended: boolean): Promise<boolean> {
    assertSubdomain(subdomain);
    if (this.sftpEndpoint() === null) return false;
    return parseSuspendSftp((await this.transport.run(suspendSftpArgs(subdomain, suspended))).stdout);
  }

  async refreshSiteFiles(subdomain: string): Promise<void> {
    await this.onSite("site-files", subdomain);
  }

  private async onSite(command: string, subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    await this.transport.run([command, subdomain]);
  }

  private async installAfresh(site: SiteIdentity, replace: boolean): Promise<InstalledSite> {
    assertSubdomain(site.subdomain);
    await this.beforeInstall();
    const { stdin, credentials } = prepareInstall(site, this.siteUrl(site.subdomain));
    try {
      const { stdout } = await this.transport.run(
        [
          "install",
          site.subdomain,
          ...(replace ? ["--replace"] : []),
          ...(site.diskMb === undefined ? [] : ["--disk-mb", ...diskMbArgs(site.diskMb)]),
        ],
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
}
