import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { ProcessError, runProcess, runStreaming } from "../wordpress/run-process.ts";

export interface ResticOptions {
  /** A folder, or any restic repository URL (sftp:…, s3:…, rest:…). */
  repository: string;
  password: string;
  /** restic's cache (index and tree copies); default: restic's own, under $HOME. */
  cacheDir?: string;
}

export interface Snapshot {
  id: string;
  time: Date;
  tags: string[];
  paths: string[];
}

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
  /** Every snapshot this many days before a site's latest is kept too (several in a day). */
  withinDays?: number;
}

/** Days, weeks and months of the retention policy are La Réunion's. */
const TIME_ZONE = "Indian/Reunion";

/**
 * The backup repository, through the restic command (Debian package `restic`): encrypted,
 * deduplicated, local or remote. Every archive is saved as one file read from stdin, so the
 * product never needs the site's files on its own disk. Backups and dumps share the repository;
 * the retention run (`forget --prune`, which locks it) waits for them and they wait for it.
 */
export class ResticRepository {
  private ready: Promise<void> | undefined;
  private running = 0;
  private pruning: Promise<void> | undefined;
  private readonly idle: (() => void)[] = [];

  constructor(private readonly options: ResticOptions) {}

  /** Creates the repository the first time (a folder: with its parents, closed to others). */
  ensureReady(): Promise<void> {
    this.ready ??= (async () => {
      const exists = await this.restic(["cat", "config"]).then(
        () => true,
        () => false,
      );
      if (exists) return;
      if (isFolder(this.options.repository)) {
        await mkdir(path.dirname(path.resolve(this.options.repository)), { recursive: true, mode: 0o700 });
      }
      await this.restic(["init"]);
    })().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  /**
   * Saves what `write` writes (it must not end the stream) as `/<name>` in a new snapshot with
   * these tags. Nothing is saved when `write` fails. `time` backdates the snapshot (tests).
   */
  backup(
    name: string,
    tags: string[],
    write: (into: Writable) => Promise<void>,
    time?: Date,
  ): Promise<{ id: string; sizeBytes: number }> {
    return this.shared(async () => {
      const args = ["backup", "--stdin", "--stdin-filename", name, "--json", "--host", "lagon"];
      for (const tag of tags) args.push("--tag", tag);
      if (time) args.push("--time", resticTime(time));
      const child = spawn("restic", args, { env: this.env(), stdio: ["pipe", "pipe", "pipe"] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on("data", (c: Buffer) => out.push(c));
      child.stderr.on("data", (c: Buffer) => err.push(c));
      child.stdin.on("error", () => {});
      const exited = new Promise<number | null>((resolve, reject) => {
        child.on("error", reject);
        child.on("close", resolve);
      });
      try {
        await write(child.stdin);
      } catch (error) {
        // restic stops without writing a snapshot.
        child.kill("SIGINT");
        await exited.catch(() => {});
        throw error;
      }
      child.stdin.end();
      const code = await exited;
      const stderr = Buffer.concat(err).toString("utf8");
      if (code !== 0)
        throw new ProcessError(`restic backup exited with code ${code}: ${stderr.trim()}`, code, stderr);
      const summary = Buffer.concat(out)
        .toString("utf8")
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map(
          (line) =>
            JSON.parse(line) as {
              message_type?: string;
              snapshot_id?: string;
              total_bytes_processed?: number;
            },
        )
        .find((m) => m.message_type === "summary");
      if (!summary?.snapshot_id) throw new Error(`restic backup gave no snapshot: ${stderr.trim()}`);
      const [snapshot] = await this.listSnapshots([summary.snapshot_id]);
      return { id: snapshot?.id ?? summary.snapshot_id, sizeBytes: summary.total_bytes_processed ?? 0 };
    });
  }

  /** Writes the file `/<name>` of a snapshot into `into`, without ending it. */
  dump(snapshotId: string, name: string, into: Writable): Promise<void> {
    return this.shared(() =>
      runStreaming("restic", ["dump", snapshotId, `/${name}`], { env: this.env(), stdout: into }),
    );
  }

  snapshots(): Promise<Snapshot[]> {
    return this.shared(() => this.listSnapshots());
  }

  /** Forgets what the policy does not keep, per archive name, and frees its space. */
  forget(policy: RetentionPolicy): Promise<void> {
    const args = ["forget", "--prune", "--group-by", "paths", "--keep-daily", String(policy.daily)];
    if (policy.weekly > 0) args.push("--keep-weekly", String(policy.weekly));
    if (policy.monthly > 0) args.push("--keep-monthly", String(policy.monthly));
    if (policy.withinDays) args.push("--keep-within", `${policy.withinDays}d`);
    return this.alone(args);
  }

  /** Forgets these snapshots whatever the policy (a site's data whose keeping is over) and frees their space. */
  async forgetSnapshots(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.alone(["forget", "--prune", ...ids]);
  }

  /** Runs a command that locks the repository once no backup or dump is running. */
  private async alone(args: string[]): Promise<void> {
    await this.ensureReady();
    const run = (this.pruning ?? Promise.resolve())
      .catch(() => {})
      .then(async () => {
        while (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
        await this.restic(args, 3_600_000);
      });
    this.pruning = run;
    try {
      await run;
    } finally {
      if (this.pruning === run) this.pruning = undefined;
    }
  }

  private async listSnapshots(ids: string[] = []): Promise<Snapshot[]> {
    const { stdout } = await this.restic(["snapshots", "--json", ...ids]);
    const list = JSON.parse(stdout) as { id: string; time: string; tags?: string[]; paths: string[] }[];
    return list.map((s) => ({ id: s.id, time: new Date(s.time), tags: s.tags ?? [], paths: s.paths }));
  }

  /** Runs `task` alongside other backups and dumps, never during a retention run. */
  private async shared<T>(task: () => Promise<T>): Promise<T> {
    await this.ensureReady();
    while (this.pruning) await this.pruning.catch(() => {});
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private restic(args: string[], timeoutMs = 600_000) {
    return runProcess("restic", args, { env: this.env(), timeoutMs });
  }

  /** The password goes through the environment, never the command line. */
  private env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      RESTIC_REPOSITORY: isFolder(this.options.repository)
        ? path.resolve(this.options.repository)
        : this.options.repository,
      RESTIC_PASSWORD: this.options.password,
      TZ: TIME_ZONE,
      ...(this.options.cacheDir ? { RESTIC_CACHE_DIR: this.options.cacheDir } : {}),
    };
  }
}

/** A repository that is a plain folder (not `backend:…`). */
function isFolder(repository: string): boolean {
  return !/^[a-z0-9]+:/i.test(repository) || /^[a-z]:[\\/]/i.test(repository);
}

/** "2026-11-24 02:00:00" in La Réunion's time, as restic's --time reads it (TZ is set). */
function resticTime(time: Date): string {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(time);
  return parts.replace("T", " ");
}
