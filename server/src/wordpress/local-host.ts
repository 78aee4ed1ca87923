import { access, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PhpServer } from "./php-server.ts";
import { runProcess } from "./run-process.ts";
import { INSTALL_SCRIPT_PATH, installedSite, prepareInstall, scratchName } from "./site-install.ts";
import { requestSite } from "./site-request.ts";
import {
  assertSubdomain,
  type InstalledSite,
  SiteExistsError,
  type SiteIdentity,
  type SiteRequestInit,
  type SiteStatus,
  type WordPressHost,
} from "./wordpress-host.ts";

export interface LocalWordPressHostOptions {
  /** Sites live in <dataDir>/sites/<subdomain>. */
  dataDir: string;
  /** The core template made by scripts/wordpress/fetch-core.sh. */
  coreDir: string;
  /** Port of the PHP server, on 127.0.0.1. */
  port: number;
  /** Default "localhost": browsers send *.localhost to loopback by themselves. */
  baseDomain?: string;
  /** Scheme and port of the sites' public URLs, when a proxy stands in front. Default: http, `port`. */
  publicScheme?: "http" | "https";
  publicPort?: number;
  php?: string;
}

/**
 * The embedded WordPress host: every site a folder of this machine with its SQLite database,
 * all served by one `php -S` process routing by Host header.
 */
export class LocalWordPressHost implements WordPressHost {
  private readonly sitesRoot: string;
  private readonly coreDir: string;
  private readonly baseDomain: string;
  private readonly server: PhpServer;

  constructor(private readonly options: LocalWordPressHostOptions) {
    this.sitesRoot = path.resolve(options.dataDir, "sites");
    this.coreDir = path.resolve(options.coreDir);
    this.baseDomain = options.baseDomain ?? "localhost";
    this.server = new PhpServer({
      sitesRoot: this.sitesRoot,
      baseDomain: this.baseDomain,
      port: options.port,
      php: options.php,
    });
  }

  async start(): Promise<void> {
    await mkdir(this.sitesRoot, { recursive: true });
    // Scratch folders (hidden) left by an install cut off by a crash are never served: remove them.
    for (const name of await readdir(this.sitesRoot)) {
      if (name.startsWith(".")) await rm(path.join(this.sitesRoot, name), { recursive: true, force: true });
    }
    await this.server.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  siteUrl(subdomain: string): string {
    const scheme = this.options.publicScheme ?? "http";
    const port = this.options.publicPort ?? this.options.port;
    const defaultPort = scheme === "https" ? 443 : 80;
    return `${scheme}://${subdomain}.${this.baseDomain}${port === defaultPort ? "" : `:${port}`}`;
  }

  async status(subdomain: string): Promise<SiteStatus> {
    assertSubdomain(subdomain);
    return (await exists(path.join(this.siteDir(subdomain), "wp-config.php"))) ? "installed" : "absent";
  }

  async install(site: SiteIdentity): Promise<InstalledSite> {
    if ((await this.status(site.subdomain)) === "installed") throw new SiteExistsError(site.subdomain);
    return this.installAfresh(site, false);
  }

  reinstall(site: SiteIdentity): Promise<InstalledSite> {
    return this.installAfresh(site, true);
  }

  async remove(subdomain: string): Promise<void> {
    assertSubdomain(subdomain);
    // Moved aside first, so that the site is gone at once even if deleting takes a while.
    const doomed = path.join(this.sitesRoot, scratchName(subdomain, "old"));
    try {
      await rename(this.siteDir(subdomain), doomed);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    await rm(doomed, { recursive: true, force: true });
  }

  fetch(subdomain: string, urlPath: string, init?: SiteRequestInit): Promise<Response> {
    assertSubdomain(subdomain);
    // Straight to the PHP server, which speaks plain HTTP whatever the public scheme.
    const url = new URL(urlPath, this.siteUrl(subdomain));
    url.protocol = "http:";
    return requestSite(url, init, { host: "127.0.0.1", port: this.options.port });
  }

  private siteDir(subdomain: string): string {
    return path.join(this.sitesRoot, subdomain);
  }

  /**
   * Hard-links the core files and copies wp-content, the only part WordPress writes to: core
   * files are never rewritten in place (automatic updates are off, external HTTP is blocked).
   * An install then takes about a second, where a full copy of ~75 MB alone can take seconds
   * on a busy disk. Every local site runs as the same user anyway, so no isolation is lost.
   * Across file systems, where hard links cannot be made, everything is copied.
   */
  private async copyCore(fresh: string): Promise<void> {
    const [core, sites] = await Promise.all([stat(this.coreDir), stat(this.sitesRoot)]);
    if (core.dev !== sites.dev) {
      await runProcess("cp", ["-a", "--reflink=auto", this.coreDir, fresh]);
      return;
    }
    const entries = (await readdir(this.coreDir)).filter((name) => name !== "wp-content");
    await mkdir(fresh);
    await runProcess("cp", ["-al", ...entries.map((name) => path.join(this.coreDir, name)), fresh]);
    await runProcess("cp", ["-a", "--reflink=auto", path.join(this.coreDir, "wp-content"), fresh]);
  }

  /** Installs into a hidden folder, then swaps it in: a site folder is always a finished site. */
  private async installAfresh(site: SiteIdentity, replace: boolean): Promise<InstalledSite> {
    assertSubdomain(site.subdomain);
    if (!(await exists(path.join(this.coreDir, "wp-settings.php")))) {
      throw new Error(
        `no WordPress core in ${this.coreDir}: run scripts/wordpress/fetch-core.sh ${this.coreDir}`,
      );
    }
    await mkdir(this.sitesRoot, { recursive: true });
    const fresh = path.join(this.sitesRoot, scratchName(site.subdomain, "new"));
    const target = this.siteDir(site.subdomain);
    try {
      await this.copyCore(fresh);
      const { stdin, credentials } = prepareInstall(site, this.siteUrl(site.subdomain), fresh);
      const { stdout } = await runProcess(this.options.php ?? "php", [INSTALL_SCRIPT_PATH], { stdin });
      const installed = installedSite(credentials, stdout);
      if (replace) await this.remove(site.subdomain);
      try {
        await rename(fresh, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOTEMPTY" || code === "EEXIST") throw new SiteExistsError(site.subdomain);
        throw error;
      }
      return installed;
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
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
