/**
 * The WordPress host driver: where customers' sites are installed and served. Two
 * implementations run the same privileged helper (host/site-host.sh), which gives every site
 * its own system user and php-fpm pool: `LocalWordPressHost` (embedded: nginx and php-fpm
 * started by this process) and `SshWordPressHost` (a production host over SSH). Both drive the
 * helper through one typed client, `SiteHostClient` (site-host-client.ts), and differ only in how
 * a command reaches it and in what is their own (starting, health, addresses).
 */
import type { Readable, Writable } from "node:stream";
import { SiteVersions } from "@lagon/contracts/maintenance-schemas";
import type { SiteMode } from "@lagon/contracts/sftp";
import { assertPluginPin, type PluginPin } from "../wordpress-plugins/plugin-source.ts";
import type { SftpChange, SftpEndpoint, SftpState } from "./site-sftp.ts";

/** What a site is installed with. Texts are shown on the site as they are (French). */
export interface SiteIdentity {
  /** Lower-case DNS label: the site answers at <subdomain>.<base domain>. */
  subdomain: string;
  /** The site's disk allowance in MiB, its plan's (decision 0095); unset: the host's default. */
  diskMb?: number;
  title: string;
  adminEmail: string;
  /** Printed on the site's "Mentions légales" page. */
  legal: {
    companyName: string;
    legalForm?: string;
    siret?: string;
    address?: string;
    email: string;
    phone?: string;
    /** Who hosts the site, e.g. "Lagon Digital, serveurs situés en France". */
    host: string;
  };
  /**
   * For a new customer's site, given to its installer rather than through its REST API once it
   * serves (decision 0103): its mail settings (secret: the sender's password), and the content of
   * its "Réservation" page (Business).
   */
  mail?: SiteMailSettings;
  bookingPage?: string;
}

/** What the mu-plugin lagon-courriel.php keeps (PUT /wp-json/lagon/v1/courriel, or the installer's input). */
export interface SiteMailSettings {
  smtp: {
    host: string;
    port: number;
    user: string;
    password: string;
    /** STARTTLS: the host's certificate checked for this name, against this file (decision 0083). */
    tls: { peer_name: string; cafile: string | null };
  } | null;
  contact: string;
  unavailable: string | null;
}

/** Credentials of a freshly installed site: secrets, never to be logged. */
export interface InstalledSite {
  url: string;
  adminUrl: string;
  adminUser: string;
  adminPassword: string;
  /** Application password named "Koza" of the admin, for the REST API (Basic auth). */
  appPassword: string;
}

export type SiteStatus = "absent" | "installed";

/** Whether the host serves sites now; `reason` (French) says why not. */
export interface HostHealth {
  ok: boolean;
  reason?: string;
}

/** The part of `fetch`'s RequestInit the driver supports. */
export interface SiteRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface WordPressHost {
  /** Installs a new site; fails with SiteExistsError when the subdomain already has one. */
  install(site: SiteIdentity): Promise<InstalledSite>;
  /** Wipes the site's files and database if any and installs it afresh, with new credentials. */
  reinstall(site: SiteIdentity): Promise<InstalledSite>;
  /**
   * Writes the site as a tar archive into `into` (wp-config.php and wp-content, with a
   * consistent copy of its live database), without ending it; rejects when the site is absent
   * or the archive could not be made whole.
   */
  exportSite(subdomain: string, into: Writable): Promise<void>;
  /** Replaces the site (or puts it back) with an archive made by exportSite. */
  importSite(subdomain: string, archive: Readable): Promise<void>;
  /** Core, plugin and theme versions of the site, or of the core template without a subdomain. */
  versions(subdomain?: string): Promise<SiteVersions>;
  /**
   * Brings the site to the core template's core and to the template's copy of the plugins and
   * themes named, and upgrades its database; the old folder is kept aside until `finishUpdate`
   * or `rollbackUpdate`. Answers the site's new versions.
   */
  updateSite(subdomain: string, items: UpdatePart[]): Promise<SiteVersions>;
  /** Puts a backup (an exportSite archive) back on the core the site had before `updateSite`. */
  rollbackUpdate(subdomain: string, archive: Readable): Promise<void>;
  /** Drops the folder `updateSite` kept aside. */
  finishUpdate(subdomain: string): Promise<void>;
  /** Deletes the site's files and database; does nothing when there is no site. */
  remove(subdomain: string): Promise<void>;
  /**
   * Runs the sites' scheduled tasks (wp-cron.php; WordPress cannot call itself), every site's or
   * only `subdomain`'s, each within its own site's confinement. Failures are the helper's log lines.
   */
  runScheduledTasks(subdomain?: string): Promise<void>;
  status(subdomain: string): Promise<SiteStatus>;
  /**
   * Visitors get the French "site suspendu" page with HTTP 503; wp-admin and the login page keep
   * working. Survives restarts; `remove` lifts it. Works whether or not the site is installed.
   */
  suspend(subdomain: string): Promise<void>;
  unsuspend(subdomain: string): Promise<void>;
  /** The site's public address, e.g. http://acme.localhost:8080. */
  siteUrl(subdomain: string): string;
  /**
   * An HTTP request to the site from this process. Redirects are returned, not followed.
   * `path` starts with "/".
   */
  fetch(subdomain: string, path: string, init?: SiteRequestInit): Promise<Response>;
  /**
   * Local: starts nginx and php-fpm (restarted when they die). SSH: checks that the host answers
   * and runs the same version of the helper.
   */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether the host serves sites; null when this process does not run it (not started). */
  health(): Promise<HostHealth | null>;
  /** Called when the host goes down or comes back (the agency is alerted). */
  onEvent(listener: (event: HostEvent) => void): void;

  /** Serves an HTTP-01 key authorization at /.well-known/acme-challenge/<token> on port 80, for any name. */
  putAcmeChallenge(token: string, keyAuthorization: string): Promise<void>;
  removeAcmeChallenge(token: string): Promise<void>;
  /** A custom domain's public address on this host, e.g. https://boulangerie-payet.re. */
  domainUrl(domain: string): string;
  /**
   * Serves the site at domainUrl(domain) with this certificate (installed again on renewal);
   * `www.<domain>`, http:// and the site's subdomain redirect there (but for the REST API).
   */
  installDomain(subdomain: string, domain: string, certificate: DomainCertificate): Promise<void>;
  /** Stops serving a custom domain; its subdomain answers again. Nothing happens when it is unknown. */
  removeDomain(domain: string): Promise<void>;
  /** Moves WordPress to `url`: home and site URL, and the links in its content. */
  setSiteUrl(subdomain: string, url: string): Promise<void>;

  /**
   * The site's visit log (nginx's combined format, addresses already cut to their network) from
   * day `since` (YYYY-MM-DD, La Réunion) on, oldest first; empty when it has none (decision 0051).
   */
  visitLog(subdomain: string, since: string): Promise<string>;
  /** Deletes every site's visit logs older than 13 months. */
  pruneVisitLogs(): Promise<void>;
  /** What each site uses of its disk allowance (decision 0071); empty on a host without quotas. */
  diskUsage(): Promise<SiteDiskUsage[]>;
  /**
   * The site's disk allowance becomes `mb` MiB (its plan's, decision 0095), at most the host's
   * cap (SITE_DISK_MB); kept for its next update, restore or reinstall. Below what the site holds,
   * nothing is deleted: its writes fail until it is back under.
   */
  setDiskAllowance(subdomain: string, mb: number): Promise<void>;

  /** Where customers connect over SFTP (decision 0059); null when this host offers none. */
  sftpEndpoint(): SftpEndpoint | null;
  /** Opens the site's SFTP access, applies the change and answers the access's state. */
  sftp(subdomain: string, change: SftpChange): Promise<SftpState>;
  /** Serves the site's WordPress, or the plain site of its wp-content/www; no file is touched. */
  setSiteMode(subdomain: string, mode: SiteMode): Promise<void>;
  /**
   * Leaving Libre (decision 0076): stops the site's SFTP login and its plain site, keeping the
   * files, the password and the keys; `false` puts them back as they were. Answers whether there
   * was anything to stop or give back. Nothing happens on a host without SFTP.
   */
  suspendSftp(subdomain: string, suspended: boolean): Promise<boolean>;
  /** Gives the site the helper's current product files (mu-plugins, translations), as an update does. */
  refreshSiteFiles(subdomain: string): Promise<void>;
  /** The sha256 of the host's verified copy of a plugin version, or null (decision 0058). */
  cachedPlugin(pin: PluginPin): Promise<string | null>;
  /** Keeps a verified plugin (a pluginTar) in the host's cache; the host checks its sha256. */
  cachePlugin(pin: PluginPin, sha256: string, tar: Uint8Array): Promise<void>;
  /** Installs the cached copy as the site's wp-content/plugins/<slug>, replacing the one there. */
  installPlugin(subdomain: string, pin: PluginPin, sha256: string): Promise<void>;
  /** Applies a plan's kit inside the site (host/apply-kit.php); answers its JSON report. */
  applyKit(subdomain: string, kit: SiteKit): Promise<string>;
}

/** What host/apply-kit.php applies: plugins to turn on or off, options, pages, taxes, a product. */
export interface SiteKit {
  /** Plugin files, e.g. "woocommerce/woocommerce.php". */
  activate: string[];
  deactivate: string[];
  options: Record<string, string>;
  pages: { option: string; title: string; slug: string; content: string }[];
  taxRates: { country: string; rate: string; name: string }[];
  product: { name: string; regularPrice: string; description: string; status: string } | null;
}

/** The helper's arguments naming a plugin version and its cached copy (checked again there). */
export function pluginArgs(pin: PluginPin, sha256?: string): string[] {
  assertPluginPin(pin);
  if (sha256 !== undefined && !/^[0-9a-f]{64}$/.test(sha256)) throw new Error("invalid sha256");
  return [pin.slug, pin.version, ...(sha256 === undefined ? [] : [sha256])];
}

/** The helper's `plugin-cached` output. */
export function parseCachedPlugin(stdout: string): string | null {
  const sha = stdout.trim();
  return /^[0-9a-f]{64}$/.test(sha) ? sha : null;
}

/** Guards the helper's day argument. */
export function assertDay(day: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`invalid day: ${JSON.stringify(day)}`);
}

/** A certificate and its private key, PEM: a secret, never to be logged. */
export interface DomainCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

export class SiteExistsError extends Error {
  constructor(readonly subdomain: string) {
    super(`a WordPress site already exists for ${subdomain}`);
  }
}

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const DOMAIN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

/** A plugin or theme an update takes from the template: its folder name under wp-content. */
export interface UpdatePart {
  kind: "plugin" | "theme";
  slug: string;
}

const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The helper's arguments for the parts of an update (slugs are checked again there). */
export function updateArgs(parts: UpdatePart[]): string[] {
  return parts.map(({ kind, slug }) => {
    if (!SLUG.test(slug) || slug.includes("..")) throw new Error(`invalid ${kind}: ${JSON.stringify(slug)}`);
    return `${kind}/${slug}`;
  });
}

/** The helper's `versions` output. */
export function parseVersions(stdout: string): SiteVersions {
  return SiteVersions.parse(JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
}

/** Guards the shell commands built from a custom domain. */
export function assertDomain(domain: string): void {
  if (!DOMAIN.test(domain)) throw new Error(`invalid domain: ${JSON.stringify(domain)}`);
}

/** Guards the shell commands built from an ACME challenge token (base64url). */
export function assertAcmeToken(token: string): void {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new Error("invalid ACME token");
}

/** The PEM site-host.sh domain-install reads on stdin: the chain, then the key. */
export function domainInstallInput(certificate: DomainCertificate): string {
  return `${certificate.certificatePem.trim()}\n${certificate.privateKeyPem.trim()}\n`;
}

/** The helper's arguments giving a site's disk allowance (a whole number of MiB). */
export function diskMbArgs(mb: number): string[] {
  if (!Number.isInteger(mb) || mb < 16 || mb > 10_485_760) throw new Error(`invalid disk allowance: ${mb}`);
  return [String(mb)];
}

/** Guards the paths and shell commands built from a subdomain. */
export function assertSubdomain(subdomain: string): void {
  if (!SUBDOMAIN.test(subdomain)) throw new Error(`invalid subdomain: ${JSON.stringify(subdomain)}`);
}

export type HostEvent =
  | { kind: "down"; service: string; detail: string }
  | { kind: "restored"; service: string };

/** A site's disk: what it uses and its allowance, in bytes. */
export interface SiteDiskUsage {
  subdomain: string;
  usedBytes: number;
  limitBytes: number;
}

/** site-host.sh disk-usage's lines: "SUB USED LIMIT". */
export function parseDiskUsage(stdout: string): SiteDiskUsage[] {
  return stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length === 3 && /^\d+$/.test(parts[1] ?? "") && /^\d+$/.test(parts[2] ?? ""))
    .map(([subdomain, used, limit]) => ({
      subdomain: subdomain as string,
      usedBytes: Number(used),
      limitBytes: Number(limit),
    }));
}
