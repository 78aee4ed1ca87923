import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { freeMailPortBase } from "../mail-host/mail-checks.ts";
import { freePort } from "../wordpress/site-checks.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lagon-ready-"));
let stop: (() => Promise<void>) | undefined;

afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * "Site prêt" means every page answers: on the first start the console used to say it while
 * the local blog was still being created, and the blog's articles answered 503 meanwhile.
 */
it("says the site is ready only once the local blog answers with its articles", async () => {
  const port = await freePort();
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
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      stdout += d;
      if (stdout.includes("Site prêt")) resolve();
    });
    void exited.then(() => reject(new Error(`the server stopped: ${stderr}`)));
  });
  const res = await fetch(`http://127.0.0.1:${port}/blog/wp-json/wp/v2/posts?per_page=100`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as unknown[]).length).toBe(12);
}, 240_000);
