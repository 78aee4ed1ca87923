import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { posix } from "node:path";
import { ProcessError, runProcess } from "./run-process.ts";
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
  /** Remote folder holding one folder per site, served by nginx (e.g. /srv/sites). */
  sitesRoot: string;
  /** Remote core template made by scripts/wordpress/fetch-core.sh (e.g. /srv/wordpress-core). */
  coreDir: string;
  /** Sites answer at <subdomain>.<baseDomain>. */
  baseDomain: string;
  /** Default https on the default port. */
  publicScheme?: "http" | "https";
  publicPort?: number;
  /** Where `fetch` connects instead of the site's DNS name (tests: 127.0.0.1). */
  connectHost?: string;
  /** PHP command on the host. Default "php". */
  php?: string;
}

/** Exit code of the remote install command when the site exists already. */
const SITE_EXISTS_EXIT = 17;

/**
 * The production WordPress host: a machine reached over SSH whose nginx + php-fpm serve
 * <sitesRoot>/<subdomain> for every <subdomain>.<baseDomain>. Each call is one `ssh` command;
 * install-site.php is uploaded once (named by its hash) and then fed its input on stdin.
 */
export class SshWordPressHost implements WordPressHost {
  private uploadedScript: Promise<string> | undefined;

  constructor(private readonly options: SshWordPressHostOptions) {}

  /** Checks that the host answers and has PHP and the core template. */
  async start(): Promise<void> {
    const { coreDir, sitesRoot, php = "php" } = this.options;
    await this.ssh(
      [
        `command -v ${q(php)} >/dev/null || { echo "no ${php} on the host" >&2; exit 1; }`,
        `[ -f ${q(`${coreDir}/wp-settings.php`)} ] || { echo "no WordPress core in ${coreDir}" >&2; exit 1; }`,
        `mkdir -p ${q(sitesRoot)}`,
      ].join("\n"),
    );
  }

  async stop(): Promise<void> {}

  siteUrl(subdomain: string): string {
    const scheme = this.options.publicScheme ?? "https";
    const defaultPort = scheme === "https" ? 443 : 80;
    const port = this.options.publicPort ?? defaultPort;
    return `${scheme}://${subdomain}.${this.options.baseDomain}${port === defaultPort ? "" : `:${port}`}`;
  }

  async status(subdomain: string): Promise<SiteStatus> {
    assertSubdomain(subdomain);
    const config = q(`${this.siteDir(subdomain)}/wp-config.php`);
    const { stdout } = await this.ssh(`if [ -f ${config} ]; then echo installed; else echo absent; fi`);
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
    const doomed = q(posix.join(this.options.sitesRoot, scratchName(subdomain, "old")));
    const target = q(this.siteDir(subdomain));
    await this.ssh(`if [ -e ${target} ]; then mv -T ${target} ${doomed} && rm -rf ${doomed}; fi`);
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

  private siteDir(subdomain: string): string {
    return posix.join(this.options.sitesRoot, subdomain);
  }

  /** Same steps as the local host: copy the core aside, install there, then swap it in. */
  private async installAfresh(site: SiteIdentity, replace: boolean): Promise<InstalledSite> {
    assertSubdomain(site.subdomain);
    const { sitesRoot, coreDir, php = "php" } = this.options;
    const script = await this.uploadScript();
    const fresh = posix.join(sitesRoot, scratchName(site.subdomain, "new"));
    const { stdin, credentials } = prepareInstall(site, this.siteUrl(site.subdomain), fresh);
    const command = [
      "set -e",
      `target=${q(this.siteDir(site.subdomain))} fresh=${q(fresh)}`,
      `old=${q(posix.join(sitesRoot, scratchName(site.subdomain, "old")))}`,
      replace ? "" : `if [ -e "$target" ]; then exit ${SITE_EXISTS_EXIT}; fi`,
      `trap 'rm -rf "$fresh"' EXIT`,
      `cp -a ${q(coreDir)} "$fresh"`,
      `${q(php)} ${q(script)}`,
      replace ? `if [ -e "$target" ]; then mv -T "$target" "$old"; fi` : "",
      `mv -T "$fresh" "$target"`,
      replace ? `rm -rf "$old"` : "",
    ];
    try {
      const { stdout } = await this.ssh(command.filter(Boolean).join("\n"), stdin);
      return installedSite(credentials, stdout);
    } catch (error) {
      if (error instanceof ProcessError && error.exitCode === SITE_EXISTS_EXIT) {
        throw new SiteExistsError(site.subdomain);
      }
      throw error;
    }
  }

  /** Puts install-site.php on the host once per version of the script; returns its remote path. */
  private uploadScript(): Promise<string> {
    this.uploadedScript ??= (async () => {
      const content = await readFile(INSTALL_SCRIPT_PATH, "utf8");
      const hash = createHash("sha256").update(content).digest("hex").slice(0, 12);
      const remote = posix.join(this.options.sitesRoot, `.install-site-${hash}.php`);
      await this.ssh(
        `mkdir -p ${q(this.options.sitesRoot)} && part=${q(remote)}.$$ && cat > "$part" && mv "$part" ${q(remote)}`,
        content,
      );
      return remote;
    })().catch((error) => {
      this.uploadedScript = undefined;
      throw error;
    });
    return this.uploadedScript;
  }

  private ssh(command: string, stdin?: string) {
    const { host, user, port = 22, keyFile, knownHostsFile } = this.options.ssh;
    const args = ["-i", keyFile, "-p", String(port), "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"];
    args.push("-o", "ConnectTimeout=15", "-o", "LogLevel=ERROR");
    if (knownHostsFile) {
      args.push("-o", `UserKnownHostsFile=${knownHostsFile}`, "-o", "StrictHostKeyChecking=yes");
    }
    args.push(`${user}@${host}`, command);
    return runProcess("ssh", args, { stdin, timeoutMs: 300_000 });
  }
}

/** Quotes a string for the remote POSIX shell. */
function q(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
