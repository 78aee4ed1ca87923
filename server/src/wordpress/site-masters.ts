import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  type FSWatcher,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  watch,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SiteRuntimePaths } from "./site-runtime-config.ts";

/** What one site may take of the machine (decision 0044). */
export interface SiteLimits {
  /** Processes and threads of the site, its php-fpm master included. */
  pids: number;
  /** Memory of the site's processes, page cache included. */
  memoryMb: number;
  /** Its weight when sites compete for the CPU (1024 is one equal share). */
  cpuShares: number;
}

export const DEFAULT_SITE_LIMITS: SiteLimits = { pids: 128, memoryMb: 768, cpuShares: 1024 };

const CGROUP_ROOT = "/sys/fs/cgroup";
const CONTROLLERS = ["pids", "memory", "cpu"] as const;
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const RESTART_DELAYS_MS = [200, 1_000, 2_000, 5_000, 10_000, 30_000];
const SECCOMP_WRITER = fileURLToPath(new URL("./host/site-seccomp.py", import.meta.url));
/** Debian's python3 (python3-seccomp), not one a version manager puts first on PATH. */
const SYSTEM_PYTHON = "/usr/bin/python3";

export class SiteMastersError extends Error {}

/**
 * One php-fpm master per site, so that the operating system can tell sites apart: each runs in
 * its own cgroup (processes, memory, CPU share; cgroup v1 as on this kind of machine), in its own
 * PID, IPC and mount namespaces made by bubblewrap (its /proc shows its own processes only, its
 * /tmp, /var/tmp and /dev/shm are its own). The helper writes a site's pool file; this class
 * watches the pool folder and starts, restarts or stops that site's master to match. A production
 * host does the same with a systemd template unit and a slice per site
 * (docs/operations/wordpress-host.md).
 */
export class SiteMasters {
  private readonly masters = new Map<string, Master>();
  /** Masters on their way out: a site's new master waits for its old one to be gone. */
  private readonly stoppingMasters = new Set<Master>();
  private watcher?: FSWatcher;
  private stopping = false;
  private pending?: NodeJS.Timeout;
  private readonly group: string;

  constructor(
    private readonly paths: SiteRuntimePaths,
    private readonly fpm: string,
    private readonly limits: SiteLimits,
  ) {
    this.group = runtimeGroup(paths.runDir);
  }

  /** Where a site's cgroup of `controller` lives (cgroup v1). */
  cgroupDir(controller: (typeof CONTROLLERS)[number], subdomain: string): string {
    return path.join(CGROUP_ROOT, controller, this.group, subdomain);
  }

  /** Refuses a machine without the cgroups and bubblewrap the sites' confinement needs. */
  static check(): void {
    for (const controller of CONTROLLERS) {
      if (!existsSync(path.join(CGROUP_ROOT, controller, "cgroup.procs"))) {
        throw new SiteMastersError(
          `Le contrôleur cgroup « ${controller} » (cgroup v1) manque dans ${CGROUP_ROOT} : l'hébergement intégré limite chaque site par ses cgroups.`,
        );
      }
    }
    if (!existsSync("/usr/bin/bwrap")) {
      throw new SiteMastersError(
        "bubblewrap manque : lancez scripts/wordpress/ensure-php.sh (paquet Debian bubblewrap).",
      );
    }
  }

  async start(): Promise<void> {
    this.stopping = false;
    await this.endLeftovers();
    this.watcher = watch(this.paths.poolDir, () => this.scheduleSync());
    this.sync();
  }

  /** The product is exiting: its sites' processes go with it. */
  killAll(): void {
    for (const master of this.masters.values()) if (master.child) signalGroup(master.child, "SIGKILL");
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.pending);
    this.watcher?.close();
    await Promise.all([...this.masters.values()].map((master) => this.stopMaster(master)));
    this.masters.clear();
    await this.endLeftovers();
  }

  /** Kills whatever a killed product left in its cgroups (a pid namespace dies with its master). */
  private async endLeftovers(): Promise<void> {
    for (const controller of CONTROLLERS) {
      const base = path.join(CGROUP_ROOT, controller, this.group);
      const subs = safeReaddir(base).filter(
        (name) => SUBDOMAIN.test(name) && existsSync(path.join(base, name, "cgroup.procs")),
      );
      for (const sub of subs) {
        killCgroup(path.join(base, sub));
        await removeCgroup(path.join(base, sub));
      }
      await removeCgroup(base);
    }
  }

  private scheduleSync(): void {
    if (this.stopping) return;
    clearTimeout(this.pending);
    this.pending = setTimeout(() => this.sync(), 10);
  }

  /** Every pool file has its master, running its current content; no master without a pool. */
  private sync(): void {
    if (this.stopping) return;
    const wanted = new Map<string, string>();
    for (const file of safeReaddir(this.paths.poolDir)) {
      const sub = file.replace(/\.conf$/, "");
      if (!file.endsWith(".conf") || !SUBDOMAIN.test(sub)) continue;
      try {
        wanted.set(sub, hash(readFileSync(path.join(this.paths.poolDir, file), "utf8")));
      } catch {}
    }
    for (const [sub, master] of this.masters) {
      if (wanted.get(sub) === master.poolHash) continue;
      this.masters.delete(sub);
      void this.stopMaster(master).then(() => this.scheduleSync());
    }
    for (const [sub, poolHash] of wanted) {
      if (!this.masters.has(sub) && ![...this.stoppingMasters].some((m) => m.sub === sub)) {
        const master: Master = { sub, poolHash, attempts: 0 };
        this.masters.set(sub, master);
        this.launch(master);
      }
    }
  }

  private launch(master: Master): void {
    const { sub } = master;
    const runDir = path.join(this.paths.runDir, "masters");
    const conf = path.join(runDir, `${sub}.conf`);
    writeFileSync(conf, masterConfig(this.paths, sub), { mode: 0o600 });
    const procs = CONTROLLERS.map((controller) => {
      const dir = this.cgroupDir(controller, sub);
      mkdirSync(dir, { recursive: true });
      return path.join(dir, "cgroup.procs");
    });
    writeFileSync(path.join(this.cgroupDir("pids", sub), "pids.max"), String(this.limits.pids));
    writeFileSync(
      path.join(this.cgroupDir("memory", sub), "memory.limit_in_bytes"),
      String(this.limits.memoryMb * 1024 * 1024),
    );
    writeFileSync(path.join(this.cgroupDir("cpu", sub), "cpu.shares"), String(this.limits.cpuShares));
    // The shell joins the site's cgroups before it becomes bubblewrap: nothing of the site ever
    // runs outside them.
    const child = spawn(
      "/bin/sh",
      [
        "-c",
        'for f in "$1" "$2" "$3"; do echo $$ >"$f"; done; exec 3<"$4"; shift 4; exec "$@"',
        "sh",
        ...procs,
        siteSeccompFile(this.paths.runDir),
        "/usr/bin/bwrap",
        ...privateMounts(this.paths),
        // Every process of the site inherits the filter (site-seccomp.py).
        "--seccomp",
        "3",
        "--unshare-pid",
        "--unshare-ipc",
        "--die-with-parent",
        "--",
        this.fpm,
        "--nodaemonize",
        "--fpm-config",
        conf,
      ],
      {
        detached: true,
        stdio: ["ignore", "ignore", "ignore"],
        env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" },
      },
    );
    master.child = child;
    master.started = Date.now();
    child.once("error", () => {});
    child.once("exit", () => {
      master.child = undefined;
      if (this.stopping || this.masters.get(sub) !== master) return;
      // A master that keeps dying right after start is retried less and less often.
      if (Date.now() - (master.started ?? 0) > 60_000) master.attempts = 0;
      const delay = RESTART_DELAYS_MS[Math.min(master.attempts, RESTART_DELAYS_MS.length - 1)] ?? 30_000;
      master.attempts += 1;
      setTimeout(() => {
        if (!this.stopping && this.masters.get(sub) === master) this.launch(master);
      }, delay).unref();
    });
  }

  private async stopMaster(master: Master): Promise<void> {
    this.stoppingMasters.add(master);
    const child = master.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      signalGroup(child, "SIGQUIT");
      const timeout = setTimeout(() => signalGroup(child, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timeout);
    }
    for (const controller of CONTROLLERS) {
      const dir = this.cgroupDir(controller, master.sub);
      killCgroup(dir);
      await removeCgroup(dir);
    }
    this.stoppingMasters.delete(master);
  }
}

interface Master {
  sub: string;
  poolHash: string;
  attempts: number;
  child?: ChildProcess;
  started?: number;
}

/**
 * The file system a site's processes see: the machine's, but a /proc of their own PID namespace
 * and empty /tmp, /var/tmp and /dev/shm of their own (memory, counted in the site's cgroup; the
 * site's own temp folder for PHP stays in SITE_TMP_ROOT). A data or runtime folder that lies in
 * one of those (tests use the system's temp folder) is put back, from its top folder there, on
 * a folder bubblewrap makes in its fresh, root-only tmpfs.
 */
function privateMounts(paths: SiteRuntimePaths): string[] {
  const hidden = ["/tmp", "/var/tmp", "/dev/shm"];
  const args = ["--bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  for (const dir of hidden) args.push("--perms", "1777", "--tmpfs", dir);
  const dataDir = path.dirname(paths.sitesRoot);
  const exposed = new Set<string>();
  for (const dir of [dataDir, paths.runDir]) {
    const root = hidden.find((folder) => dir.startsWith(`${folder}/`));
    // Its top folder in there, with its own mode (a folder bubblewrap makes on the way is 0700).
    if (root) exposed.add(path.join(root, path.relative(root, dir).split(path.sep)[0] as string));
  }
  for (const dir of exposed) args.push("--bind", dir, dir);
  return args;
}

/** The seccomp filter (BPF) of every process of a runtime's sites, which the helper loads too. */
export function siteSeccompFile(runDir: string): string {
  return path.join(runDir, "site-seccomp.bpf");
}

/** Writes the sites' seccomp filter with libseccomp (site-seccomp.py, Debian python3-seccomp). */
export function writeSeccompFilter(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(SYSTEM_PYTHON, [SECCOMP_WRITER, file], { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new SiteMastersError(
            `Le filtre seccomp des sites n'a pas pu être écrit (paquet Debian python3-seccomp, scripts/wordpress/ensure-php.sh) : ${errors.trim()}`,
          ),
        );
    });
  });
}

/**
 * The folder of a runtime's sites in the pids hierarchy (one cgroup per site, holding its
 * master): the helper finds a site's master there and runs the site's PHP in its confinement.
 */
export function siteCgroupDir(runDir: string): string {
  return path.join(CGROUP_ROOT, "pids", runtimeGroup(runDir));
}

/** The name of a runtime's cgroups (and nftables table): lagon_<hash of its data folder>. */
export function runtimeGroup(runDir: string): string {
  return path.basename(runDir).replace("-", "_");
}

/** A site's own php-fpm: its global settings and its one pool, which the helper writes. */
export function masterConfig(paths: SiteRuntimePaths, subdomain: string): string {
  const dir = path.join(paths.runDir, "masters");
  return `; Written by the product: the php-fpm master of ${subdomain} alone (site-masters.ts).
[global]
pid = ${dir}/${subdomain}.pid
error_log = ${dir}/${subdomain}.log
log_level = warning
daemonize = no
process_control_timeout = 20s
include = ${paths.poolDir}/${subdomain}.conf
`;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** SIGKILL to every process of a cgroup, until it is empty (forks may race the first pass). */
function killCgroup(dir: string): void {
  for (let pass = 0; pass < 50; pass++) {
    let pids: number[];
    try {
      pids = readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);
    } catch {
      return;
    }
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }
}

/** A cgroup goes once its last process is gone (that takes the kernel a moment after SIGKILL). */
async function removeCgroup(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code !== "EBUSY") throw error;
      killCgroup(dir);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {}
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
