import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROUTER_PATH = fileURLToPath(new URL("./router.php", import.meta.url));

export interface PhpServerOptions {
  /** Absolute folder holding one folder per site, named by subdomain. */
  sitesRoot: string;
  /** Sites answer at <subdomain>.<baseDomain>, e.g. "localhost". */
  baseDomain: string;
  port: number;
  php?: string;
}

/**
 * One `php -S` process on 127.0.0.1 serving every site through router.php. PHP's built-in
 * server forks workers; it runs in its own process group so that stopping kills them all
 * (killing only the main process leaves the workers holding the port).
 */
export class PhpServer {
  private child: ChildProcess | undefined;
  private readonly killOnExit = () => this.signal("SIGKILL");

  constructor(private readonly options: PhpServerOptions) {}

  /**
   * Holds the process group of the running server, so a later start on the same port can end
   * one left behind (its data folder may be gone by then, so the file is keyed by port).
   */
  private get pidFile(): string {
    return path.join(os.tmpdir(), `lagon-php-server-${this.options.port}.pid`);
  }

  async start(): Promise<void> {
    if (this.child) return;
    const { sitesRoot, baseDomain, port, php = "php" } = this.options;
    await this.stopLeftover();
    if (await portAnswers(port)) throw new Error(`port ${port} is already in use`);
    const child = spawn(php, ["-S", `127.0.0.1:${port}`, "-t", sitesRoot, ROUTER_PATH], {
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        PHP_CLI_SERVER_WORKERS: "2",
        WP_SITES_ROOT: sitesRoot,
        WP_BASE_DOMAIN: baseDomain,
      },
    });
    this.child = child;
    if (child.pid) writeFileSync(this.pidFile, String(child.pid));
    // php -S logs every request on stderr: keep the end, to explain an early exit.
    let log = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      log = (log + chunk.toString("utf8")).slice(-4000);
    });
    let failure: Error | undefined;
    child.on("error", (error: NodeJS.ErrnoException) => {
      failure =
        error.code === "ENOENT" ? new Error(`${php} not found: run scripts/wordpress/ensure-php.sh`) : error;
    });
    child.on("exit", (code) => {
      failure ??= new Error(`php -S exited with code ${code}: ${log.trim()}`);
    });
    process.on("exit", this.killOnExit);
    const deadline = Date.now() + 15_000;
    while (!failure && !(await portAnswers(port))) {
      if (Date.now() > deadline) failure = new Error(`php -S did not answer on port ${port} within 15 s`);
      else await sleep(25);
    }
    if (failure) {
      await this.stop();
      throw failure;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    process.off("exit", this.killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      this.signal("SIGTERM", child);
      const timeout = setTimeout(() => this.signal("SIGKILL", child), 5_000);
      await exited;
      clearTimeout(timeout);
    }
    // Workers may outlive the main process for a moment.
    this.signal("SIGKILL", child);
    rmSync(this.pidFile, { force: true });
    const deadline = Date.now() + 5_000;
    while ((await portAnswers(this.options.port)) && Date.now() < deadline) await sleep(25);
  }

  /** A server whose parent was killed (SIGKILL, power cut) still holds the port: end its group. */
  private async stopLeftover(): Promise<void> {
    let pid: number;
    try {
      pid = Number(readFileSync(this.pidFile, "utf8"));
    } catch {
      return;
    }
    if (pid > 0) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
      const deadline = Date.now() + 5_000;
      while ((await portAnswers(this.options.port)) && Date.now() < deadline) await sleep(25);
    }
    rmSync(this.pidFile, { force: true });
  }

  private signal(signal: NodeJS.Signals, child = this.child): void {
    if (!child?.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
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
