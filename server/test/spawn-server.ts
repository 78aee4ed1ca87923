import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { freeMailPortBase } from "../src/mail-host/mail-checks.ts";
import { freePort } from "../src/wordpress/site-checks.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface SpawnedServer {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Resolves once stdout holds `text`; rejects if the server stops first. */
  printed(text: string): Promise<void>;
  stdout(): string;
  stderr(): string;
}

/**
 * The whole product as `npm start` runs it (API, worker, WordPress and mail hosts) on a data
 * folder of the test's, on free ports, with the periodic jobs off and no web build served.
 * `env` overrides any of it (`ROLE: "api"` for the API alone, `PORT` for a port of the test's).
 */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      WP_PORT: String(await freePort()),
      WP_TLS_PORT: String(await freePort()),
      MAIL_PORT_BASE: String(await freeMailPortBase()),
      HOST: "127.0.0.1",
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      MAINTENANCE_SCHEDULE: "off",
      MONITOR_SCHEDULE: "off",
      SCREENSHOT_SCHEDULE: "off",
      ...env,
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => stdout.includes(text) && resolve();
      check();
      child.stdout.on("data", check);
      void exited.then(() => reject(new Error(`the server stopped: ${stderr}`)));
    });
  return { child, port, exited, printed, stdout: () => stdout, stderr: () => stderr };
}
