import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  type Dirent,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from "node:fs";
import { chmod, cp, lstat, mkdir, readdir, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { LARGEST_SITE_DISK_MB } from "@lagon/contracts/plans";
import { runProcess } from "./run-process.ts";
import { sshdConfig } from "./sftp-config.ts";
import { mountSiteDisk, type SiteDisk, type SiteQuotaMode, unmountSiteDisk } from "./site-disk.ts";
import {
  DEFAULT_SITE_LIMITS,
  runtimeGroup,
  type SiteLimits,
  SiteMasters,
  SiteMastersError,
  siteCgroupDir,
  siteSeccompFile,
  writeSeccompFilter,
} from "./site-masters.ts";
import {
  mailSetupLocations,
  nginxConfig,
  PING_PATH,
  type ProductUpstream,
  phpFpmConfig,
  type SiteRuntimePaths,
  siteHostSettings,
  siteSnippet,
  VISIT_LOG_TIME_ZONE,
} from "./site-runtime-config.ts";
import type { HostEvent } from "./wordpress-host.ts";

export interface SiteRuntimeOptions {
  /** The product's data folder: sites live in <dataDir>/sites and <dataDir>/site-tmp (siteFilesDir). */
  dataDir: string;
  coreDir: string;
  /** nginx listens on 127.0.0.1:<port>. */
  port: number;
  /** Custom domains' HTTPS on 127.0.0.1:<tlsPort>, bound once a domain is active (default 8443). */
  tlsPort?: number;
  baseDomain: string;
  /** How visitors reach the sites, when a proxy stands in front. Default: http on `port`. */
  publicScheme?: "http" | "https";
  publicPort?: number;
  /** Told when a process dies and when it is back: the agency is alerted. */
  onEvent?: (event: HostEvent) => void;
  /** What each site may take of the machine (its own cgroup). */
  siteLimits?: SiteLimits;
  /** The mail host's submission port ("127.0.0.1:2587"), the one loopback port sites may reach. */
  mailSubmission?: string;
  /** Port of the customers' sshd on 127.0.0.1 (decision 0059); unset: no SFTP. */
  sftpPort?: number;
  /** Where nginx passes mail programs' set-up requests (decision 0114); unset: it does not. */
  product?: ProductUpstream;
  /** The sites' disk quota (decision 0071, site-disk.ts); default off. */
  diskQuota?: SiteQuotaMode;
  /**
   * The cap of every site's disk allowance, MiB (with a quota): a site gets its plan's allowance
   * (decision 0095) but never more, and this when it has none (default DEFAULT_SITE_DISK_MB).
   */
  siteDiskMb?: number;
  /** Where a start without the quota it could not have says so (default: stderr). */
  notice?: (line: string) => void;
}

/** The cap of the sites' allowances when none is given: the largest plan's (decision 0095). */
export const DEFAULT_SITE_DISK_MB = LARGEST_SITE_DISK_MB;

type ServiceName = "nginx" | "php-fpm" | "sshd";

export class RuntimeError extends Error {}

const RESTART_DELAYS_MS = [200, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The embedded web server for customers' sites: nginx in front, and one php-fpm master per site
 * (site-masters.ts: its own cgroup and namespaces; its pool runs as the site's own system user,
 * see host/site-host.sh), beside a small php-fpm that answers the health check. All run as
 * children of this process in their own process groups and are restarted when they die. Their
 * files live in a runtime folder keyed by the data folder, so two products on one machine never
 * touch each other's processes. Needs root: only root can run each site under its own user.
 */
export class SiteRuntime {
  readonly paths: SiteRuntimePaths;
  private readonly services = new Map<ServiceName, Service>();
  private stopping = false;
  private masters?: SiteMasters;
  private disk?: SiteDisk;
  private sftpStarted?: Promise<void>;
  private readonly killOnExit = () => {
    for (const service of this.services.values()) signalGroup(service.child, "SIGKILL");
    this.masters?.killAll();
  };

  constructor(private readonly options: SiteRuntimeOptions) {
    const dataDir = path.resolve(options.dataDir);
    const runDir = runtimeDir(dataDir);
    const siteFiles = siteFilesDir(dataDir);
    this.paths = {
      sitesRoot: path.join(siteFiles, "sites"),
      siteTmpRoot: path.join(siteFiles, "site-tmp"),
      poolDir: path.join(runDir, "pools"),
      socketDir: path.join(runDir, "sockets"),
      runDir,
      // Beside the sites, not in /run: a suspension outlives a reboot (/run is emptied).
      suspendedDir: path.join(siteFiles, "site-suspended"),
      domainsDir: path.join(dataDir, "site-domains"),
      acmeDir: path.join(runDir, "acme-challenge"),
      siteSnippet: path.join(runDir, "site.conf"),
      mailSetupSnippet: path.join(runDir, "mail-setup.conf"),
      // Beside the sites: kept 13 months across restarts (site-host.sh prepares it).
      accessLogDir: path.join(siteFiles, "site-visits"),
      // Customers' keys and the sites' chroot links outlive a reboot. Always under root's
      // /var/lib: sshd refuses a chroot (and StrictModes a key file) below any folder that is not
      // root's or that others may write, as a clone in /tmp or in a home folder would give.
      sftpDir: path.join(OUTSIDE_SITE_FILES, `sftp-${hashOf(dataDir)}`),
    };
  }

  /** site-host.sh's settings for the sites this runtime serves. */
  hostSettings(): Record<string, string> {
    const settings = siteHostSettings(this.paths, {
      coreDir: path.resolve(this.options.coreDir),
      // Each site's master follows its pool file by itself (site-masters.ts watches the folder).
      fpmReload: "true",
      port: this.options.port,
      tlsPort: this.options.tlsPort ?? 8443,
      firewallTable: firewallTable(this.paths.runDir),
      siteCgroupDir: siteCgroupDir(this.paths.runDir),
      siteSeccomp: siteSeccompFile(this.paths.runDir),
      mailSubmission: this.options.mailSubmission,
      sftpGroup: `${runtimeGroup(this.paths.runDir)}_sftp`,
    });
    if (this.disk) {
      settings.SITE_DISK_MB = String(this.options.siteDiskMb ?? DEFAULT_SITE_DISK_MB);
      settings.CORE_COPY_DIR = this.disk.coreCopyDir;
    }
    return settings;
  }

  /** Whether each site's disk is limited (its qgroup on the sites' btrfs image). */
  get diskQuota(): boolean {
    return this.disk !== undefined;
  }

  /** Mounts the sites' disk image when quotas are wanted; says so, or refuses, when it cannot. */
  private async mountDisk(): Promise<void> {
    const mode = this.options.diskQuota ?? "off";
    if (mode === "off" || this.disk) return;
    const folders = [this.paths.sitesRoot, this.paths.siteTmpRoot];
    const mounted = await mountSiteDisk(path.dirname(this.paths.sitesRoot), folders);
    if (mounted.disk) {
      this.disk = mounted.disk;
      return;
    }
    if (mode === "on") {
      throw new RuntimeError(`Quota disque des sites impossible (SITE_QUOTA=on) : ${mounted.reason}.`);
    }
    (this.options.notice ?? ((line: string) => process.stderr.write(`${line}\n`)))(
      `Hébergement intégré sans quota disque par site : ${mounted.reason} (SITE_QUOTA=on refuse de démarrer ainsi).`,
    );
  }

  /**
   * Starts the customers' sshd once a site has SFTP access (idempotent): on loopback at
   * `sftpPort`, its host key kept in the data folder so that customers' clients keep trusting it.
   */
  startSftp(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.sftpStarted ??= this.launchSftp().catch((error) => {
      this.sftpStarted = undefined;
      throw error;
    });
    return this.sftpStarted;
  }

  private async launchSftp(): Promise<void> {
    const port = this.options.sftpPort;
    if (port === undefined) throw new RuntimeError("L'accès SFTP n'est pas configuré (SFTP_PORT).");
    if (await portAnswers(port)) {
      throw new RuntimeError(`Le port ${port} de l'accès SFTP est déjà utilisé (SFTP_PORT).`);
    }
    const keyDir = path.join(path.resolve(this.options.dataDir), "sftp-host-key");
    const hostKey = path.join(keyDir, "ssh_host_ed25519_key");
    await mkdir(keyDir, { recursive: true, mode: 0o700 });
    if (!existsSync(hostKey)) {
      await runProcess("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "lagon-sftp", "-f", hostKey]);
    }
    // sshd's privilege separation folder (Debian's sshd expects it; /run is emptied at boot).
    await mkdir("/run/sshd", { recursive: true, mode: 0o755 });
    const conf = path.join(this.paths.runDir, "sshd.conf");
    const settings = this.hostSettings();
    await writeFile(
      conf,
      sshdConfig({
        port,
        hostKey,
        pidFile: path.join(this.paths.runDir, "sshd.pid"),
        sftpDir: this.paths.sftpDir,
        group: settings.SFTP_GROUP as string,
      }),
    );
    await this.launch("sshd", "/usr/sbin/sshd", ["-D", "-e", "-f", conf]);
  }

  async start(prepareSites: () => Promise<void>): Promise<void> {
    if (process.getuid?.() !== 0) {
      throw new RuntimeError(
        "L'hébergement WordPress intégré isole chaque site sous son propre utilisateur système : lancez le serveur en root (ou avec sudo).",
      );
    }
    const fpm = findPhpFpm();
    if (!existsSync("/usr/sbin/nginx") || !fpm) {
      throw new RuntimeError(
        "nginx ou php-fpm manque : lancez scripts/wordpress/ensure-php.sh (paquets Debian nginx-light et php-fpm).",
      );
    }
    try {
      SiteMasters.check();
    } catch (error) {
      if (error instanceof SiteMastersError) throw new RuntimeError(error.message);
      throw error;
    }
    this.stopping = false;
    await this.protectDataDir();
    await this.mountDisk();
    this.stopLeftovers();
    const { runDir, poolDir, socketDir } = this.paths;
    for (const dir of [
      runDir,
      poolDir,
      socketDir,
      path.join(runDir, "nginx"),
      path.join(runDir, "masters"),
    ]) {
      await mkdir(dir, { recursive: true });
    }
    // nginx's workers (www-data) cross these to the sockets and to the temp folders nginx makes
    // for them (the product's umask closes new folders to others).
    await chmod(runDir, 0o711);
    await chmod(path.join(runDir, "nginx"), 0o711);
    // Before the helper runs any site's PHP (prepareSites): it loads the filter too.
    await writeSeccompFilter(siteSeccompFile(runDir));
    await writeFile(path.join(runDir, "php-fpm.conf"), phpFpmConfig(this.paths));
    await writeFile(this.paths.siteSnippet, siteSnippet(this.paths));
    await writeFile(this.paths.mailSetupSnippet, mailSetupLocations(this.options.product));
    await writeFile(
      path.join(runDir, "nginx.conf"),
      nginxConfig(this.paths, {
        port: this.options.port,
        tlsPort: this.options.tlsPort ?? 8443,
        baseDomain: this.options.baseDomain,
        publicScheme: this.options.publicScheme ?? "http",
        publicPort: this.options.publicPort ?? this.options.port,
      }),
    );
    await prepareSites();
    if (await portAnswers(this.options.port)) {
      throw new RuntimeError(`Le port ${this.options.port} des sites WordPress est déjà utilisé (WP_PORT).`);
    }
    process.on("exit", this.killOnExit);
    await this.launch(
      "php-fpm",
      fpm,
      ["--nodaemonize", "--fpm-config", path.join(runDir, "php-fpm.conf")],
      path.join(runDir, "php-fpm.log"),
    );
    this.masters = new SiteMasters(this.paths, fpm, this.options.siteLimits ?? DEFAULT_SITE_LIMITS);
    try {
      await this.masters.start();
      await this.waitForSites();
    } catch (error) {
      // No site's master outlives a start that failed.
      await this.masters.stop();
      throw error;
    }
    await this.launch("nginx", "/usr/sbin/nginx", [
      "-c",
      path.join(runDir, "nginx.conf"),
      "-g",
      "daemon off;",
    ]);
    const ping = await this.ping();
    if (!ping.ok) throw new RuntimeError(`Les sites WordPress ne répondent pas : ${ping.reason}`);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    process.off("exit", this.killOnExit);
    await Promise.all([
      ...[...this.services.values()].map((service) => stopService(service)),
      this.masters?.stop(),
    ]);
    this.services.clear();
    this.masters = undefined;
    this.sftpStarted = undefined;
    rmSync(this.paths.runDir, { recursive: true, force: true });
    // A runtime whose SFTP folder holds no key, link nor plain site leaves nothing of its own in
    // /var/lib/lagon (the next start makes it again); one that does keeps it.
    if (holdsOnlyEmptyFolders(this.paths.sftpDir))
      rmSync(this.paths.sftpDir, { recursive: true, force: true });
    if (this.disk) {
      this.disk = undefined;
      await unmountSiteDisk(path.dirname(this.paths.sitesRoot), [
        this.paths.sitesRoot,
        this.paths.siteTmpRoot,
      ]);
    }
  }

  /** Every site's pool answers before nginx sends visitors to it. */
  private async waitForSites(): Promise<void> {
    const subs = safeReaddir(this.paths.poolDir)
      .filter((file) => file.endsWith(".conf"))
      .map((file) => file.slice(0, -".conf".length));
    const deadline = Date.now() + 15_000;
    for (const sub of subs) {
      while (!(await socketAnswers(path.join(this.paths.socketDir, `${sub}.sock`)))) {
        if (Date.now() > deadline) throw new RuntimeError(`Le php-fpm du site ${sub} ne démarre pas.`);
        await sleep(25);
      }
    }
  }

  /** nginx's workers now: its master's children (none when nginx is not running). */
  nginxWorkers(): number[] {
    try {
      const master = Number(readFileSync(path.join(this.paths.runDir, "nginx.pid"), "utf8").trim());
      return readFileSync(`/proc/${master}/task/${master}/children`, "utf8")
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  }

  /**
   * Waits until every nginx worker is newer than `before` (a reload, SIGHUP, is done): until then
   * an old worker may take a request with the previous configuration, and under load one was seen
   * cutting the response it was sending as it exited ("open socket left in connection"). A worker
   * that still holds a long request after `timeoutMs` is left to finish it.
   */
  async nginxReloaded(before: number[], timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = this.nginxWorkers();
      const renewed = now.length > 0 && now.every((pid) => !before.includes(pid));
      if (renewed || before.length === 0 || Date.now() > deadline) return;
      await sleep(25);
    }
  }

  /** Whether nginx and php-fpm answer, through the same path as a visitor's request. */
  async health(): Promise<{ ok: boolean; reason?: string } | null> {
    if (this.services.size === 0) return null;
    for (const [name, service] of this.services) {
      if (!service.running) return { ok: false, reason: `${name} est arrêté (redémarrage en cours)` };
    }
    return this.ping();
  }

  private async ping(): Promise<{ ok: boolean; reason?: string }> {
    try {
      const response = await fetch(`http://127.0.0.1:${this.options.port}${PING_PATH}`, {
        signal: AbortSignal.timeout(3_000),
      });
      const body = await response.text();
      if (response.ok && body.trim() === "pong") return { ok: true };
      return { ok: false, reason: `php-fpm répond ${response.status}` };
    } catch (error) {
      return { ok: false, reason: `nginx ne répond pas (${(error as Error).message})` };
    }
  }

  /**
   * The folders the sites' users and nginx cross (sites, their temp folders, the suspended
   * marks) sit in the data folder, or, when one of its parents is closed to others (a clone in
   * /root or a home folder), in /var/lib/lagon/<hash>, linked from the data folder under the
   * same names. Nobody but the product may list the data folder or enter anything else in it
   * (database, secrets, logs).
   */
  private async protectDataDir(): Promise<void> {
    const dataDir = path.resolve(this.options.dataDir);
    const siteFiles = path.dirname(this.paths.sitesRoot);
    const crossed = [this.paths.sitesRoot, this.paths.siteTmpRoot, this.paths.suspendedDir];
    await mkdir(dataDir, { recursive: true });
    await chmod(dataDir, 0o711);
    if (siteFiles !== dataDir) {
      await mkdir(siteFiles, { recursive: true });
      await chmod(path.dirname(siteFiles), 0o711);
      await chmod(siteFiles, 0o711);
      for (const dir of crossed) await linkFromDataDir(dataDir, dir);
    }
    for (const dir of crossed) await mkdir(dir, { recursive: true });
    await chmod(this.paths.suspendedDir, 0o711);
    await mkdir(this.paths.sftpDir, { recursive: true });
    await chmod(path.dirname(this.paths.sftpDir), 0o711);
    await chmod(this.paths.sftpDir, 0o711);
    for (const name of await readdir(dataDir)) {
      const entry = path.join(dataDir, name);
      // The mail host's folder keeps the modes it sets (Dovecot and Postfix cross it: local-mail-host.ts).
      if (crossed.includes(entry) || name === "mail") continue;
      const info = await lstat(entry);
      // The links to the sites' folders: chmod would change their target.
      if (info.isSymbolicLink()) continue;
      await chmod(entry, info.mode & 0o7770);
    }
    for (let dir = path.dirname(siteFiles); ; dir = path.dirname(dir)) {
      if (((await stat(dir)).mode & 0o001) === 0) {
        throw new RuntimeError(
          `Le dossier ${dir} n'est pas traversable par les sites (chmod o+x ${dir}), ou choisissez un autre DATA_DIR.`,
        );
      }
      if (dir === path.dirname(dir)) break;
    }
  }

  /** A product killed without stopping (SIGKILL, power cut) leaves its nginx and php-fpm running. */
  private stopLeftovers(): void {
    for (const name of ["nginx.pid", "php-fpm.pid", "sshd.pid"]) {
      const file = path.join(this.paths.runDir, name);
      let pid: number;
      try {
        pid = Number(readFileSync(file, "utf8").trim());
      } catch {
        continue;
      }
      // Only a process started with this runtime's own configuration is ours to end.
      let command = "";
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {}
      if (pid > 0 && command.includes(this.paths.runDir)) {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          try {
            process.kill(pid, "SIGKILL");
          } catch {}
        }
      }
      rmSync(file, { force: true });
    }
    // php-fpm workers and nginx workers of that run may still hold the port for a moment.
    for (const name of safeReaddir(this.paths.socketDir))
      rmSync(path.join(this.paths.socketDir, name), { force: true });
  }

  private launch(name: ServiceName, command: string, args: string[], logFile?: string): Promise<void> {
    const service: Service = { name, command, args, logFile, running: false, attempts: 0, log: "" };
    this.services.set(name, service);
    return this.spawnService(service);
  }

  private spawnService(service: Service): Promise<void> {
    return new Promise((resolve, reject) => {
      // Nothing of the product's environment reaches the sites' processes.
      const child = spawn(service.command, service.args, {
        detached: true,
        stdio: ["ignore", "ignore", "pipe"],
        env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin", TZ: VISIT_LOG_TIME_ZONE },
      });
      service.child = child;
      child.stderr?.on("data", (chunk: Buffer) => {
        service.log = (service.log + chunk.toString("utf8")).slice(-4000);
      });
      const lastWords = () => {
        const file = service.logFile ? readTail(service.logFile) : "";
        return `${service.log}${file}`.trim().slice(-500);
      };
      let ready = false;
      const started = Date.now();
      child.once("error", (error) => {
        if (!ready) reject(new RuntimeError(`${service.name} ne démarre pas : ${error.message}`));
      });
      child.once("exit", (code, signal) => {
        service.running = false;
        if (!ready) {
          reject(
            new RuntimeError(
              `${service.name} s'est arrêté au démarrage (${code ?? signal}) : ${lastWords()}`,
            ),
          );
          return;
        }
        if (this.stopping || service.stopping) return;
        const detail = `${service.name} s'est arrêté (${signal ?? `code ${code}`}) ${lastWords()}`.trim();
        this.options.onEvent?.({ kind: "down", service: service.name, detail });
        // A process that keeps dying right after start is retried less and less often.
        if (Date.now() - started > 60_000) service.attempts = 0;
        const delay = RESTART_DELAYS_MS[Math.min(service.attempts, RESTART_DELAYS_MS.length - 1)] ?? 30_000;
        service.attempts += 1;
        setTimeout(() => this.restart(service), delay).unref();
      });
      const waitReady = async () => {
        const deadline = Date.now() + 15_000;
        while (child.exitCode === null && child.signalCode === null) {
          if (await this.serviceAnswers(service.name)) {
            ready = true;
            service.running = true;
            resolve();
            return;
          }
          if (Date.now() > deadline) {
            signalGroup(child, "SIGKILL");
            return;
          }
          await sleep(25);
        }
      };
      void waitReady();
    });
  }

  private async restart(service: Service): Promise<void> {
    if (this.stopping) return;
    try {
      await this.spawnService(service);
      this.options.onEvent?.({ kind: "restored", service: service.name });
    } catch {
      // The exit handler of the failed attempt has scheduled the next one.
    }
  }

  private async serviceAnswers(name: ServiceName): Promise<boolean> {
    if (name === "nginx") return portAnswers(this.options.port);
    if (name === "sshd") return portAnswers(this.options.sftpPort ?? 0);
    return socketAnswers(path.join(this.paths.socketDir, "_health.sock"));
  }
}

/** Whether `dir` is a folder holding nothing but folders that hold nothing (no file, no link). */
function holdsOnlyEmptyFolders(dir: string): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.every((entry) => entry.isDirectory() && holdsOnlyEmptyFolders(path.join(dir, entry.name)));
}

/** Where the sites' folders of a data folder live outside it, when it is closed to others. */
const OUTSIDE_SITE_FILES = "/var/lib/lagon";

/**
 * The folder holding sites/, site-tmp/ and site-suspended/: the data folder itself when the
 * sites' users can cross every parent of it, else a folder of /var/lib/lagon keyed by it. Once
 * chosen it stays (the link in the data folder says where), whatever happens to the parents.
 */
export function siteFilesDir(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const sites = path.join(resolved, "sites");
  try {
    if (lstatSync(sites).isSymbolicLink()) return path.dirname(path.resolve(resolved, readlinkSync(sites)));
  } catch {}
  for (let dir = path.dirname(resolved); ; dir = path.dirname(dir)) {
    let mode = 0o755;
    try {
      mode = statSync(dir).mode;
    } catch {}
    if ((mode & 0o001) === 0) return path.join(OUTSIDE_SITE_FILES, hashOf(resolved));
    if (dir === path.dirname(dir)) return resolved;
  }
}

/** dataDir/<name> becomes a link to `target` (a real folder already there moves to `target`). */
async function linkFromDataDir(dataDir: string, target: string): Promise<void> {
  const link = path.join(dataDir, path.basename(target));
  const info = await lstat(link).catch(() => null);
  if (info?.isSymbolicLink()) return;
  if (info?.isDirectory()) {
    await rename(link, target).catch(async () => {
      await cp(link, target, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
      await rm(link, { recursive: true, force: true });
    });
  }
  await symlink(target, link);
}

function hashOf(dataDir: string): string {
  return createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 12);
}

/** The nftables table of a runtime's site users: one per data folder, named as its cgroups. */
export function firewallTable(runDir: string): string {
  return runtimeGroup(runDir);
}

/** The runtime folder of a data folder: short, since socket paths are limited to 108 bytes. */
export function runtimeDir(dataDir: string): string {
  return `/run/lagon-${hashOf(dataDir)}`;
}

interface Service {
  name: ServiceName;
  command: string;
  args: string[];
  /** Where the process writes its own log (php-fpm cannot write to a socket). */
  logFile?: string;
  child?: ChildProcess;
  running: boolean;
  stopping?: boolean;
  attempts: number;
  log: string;
}

async function stopService(service: Service): Promise<void> {
  service.stopping = true;
  const child = service.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  signalGroup(child, "SIGQUIT");
  const timeout = setTimeout(() => signalGroup(child, "SIGKILL"), 5_000);
  await exited;
  clearTimeout(timeout);
  signalGroup(child, "SIGKILL");
}

function signalGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {}
}

/** The newest php-fpm of Debian's packages (php-fpm8.2, php-fpm8.4…). */
export function findPhpFpm(): string | undefined {
  const name = safeReaddir("/usr/sbin")
    .filter((file) => /^php-fpm\d+\.\d+$/.test(file))
    .sort()
    .at(-1);
  return name ? `/usr/sbin/${name}` : undefined;
}

function readTail(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(-1000);
  } catch {
    return "";
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export function portAnswers(port: number): Promise<boolean> {
  return connects({ host: "127.0.0.1", port });
}

function socketAnswers(socketPath: string): Promise<boolean> {
  return connects({ path: socketPath });
}

function connects(target: net.NetConnectOpts): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
