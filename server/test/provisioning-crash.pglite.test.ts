import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import { emailLog } from "../src/db/schema.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { createLogger } from "../src/logger.ts";
import { freeMailPortBase } from "../src/mail-host/mail-checks.ts";
import { magicLinkToken } from "../src/orders/magic-link.ts";
import { findOrder } from "../src/orders/orders-table.ts";
import { freePort, siteFoldersIn } from "../src/wordpress/site-checks.ts";
import { siteFilesDir } from "../src/wordpress/site-runtime.ts";
import { dataFolderProcesses, killDataFolderProcesses } from "./data-folder-processes.ts";
import { givenPaidOrder } from "./factories.ts";
import { startSmtpSink, waitFor } from "./smtp-sink.ts";

const serverDir = path.resolve(import.meta.dirname, "..");

/**
 * The server is killed with SIGKILL in the middle of each provisioning step in turn, then
 * started again: the order must end active with one site and one welcome e-mail, and once the
 * last server is stopped nothing of its data folder may still run (each start ends the services
 * a killed server left).
 */
describe("provisioning survives a killed server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let env: Record<string, string>;
  let server: ChildProcess | undefined;
  let orderId: string;
  let token: string;
  let email: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    env = {
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-crash-")),
      WP_PLUGIN_SOURCE: "/nonexistent",
      PORT: String(await freePort()),
      WP_PORT: String(await freePort()),
      MAIL_PORT_BASE: String(await freeMailPortBase()),
      SMTP_URL: smtp.url,
      SERVE_WEB: "false",
      LOG_LEVEL: "silent",
      // The test polls the order ten times a second, more than a visitor may.
      RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
      // Killed on purpose: a quota image mounted in its data folder would outlive it (as in every
      // test context, test-context.ts).
      SITE_QUOTA: "off",
    };
    const config = loadConfig(env);
    const ctx = await createContext(config, createLogger("silent"), { jobs: allJobs });
    orderId = await givenPaidOrder(ctx, { subdomain: "crash-test" });
    const row = await findOrder(ctx.db, orderId);
    token = magicLinkToken(ctx, row as NonNullable<typeof row>);
    email = row?.customerEmail as string;
    await ctx.close();
  });

  // The webmail's run folder is named after its port, not the data folder.
  const webmailRunDir = () => `/run/lagon-webmail-${env.MAIL_PORT_BASE}`;

  afterAll(async () => {
    // After a failure midway: the server is stopped as an operator would, then whatever a killed
    // one left is killed, and its folders go.
    if (server && server.exitCode === null && server.signalCode === null) await kill(server, "SIGTERM");
    await smtp?.close();
    if (!env) return;
    const dataDir = env.DATA_DIR as string;
    killDataFolderProcesses(dataDir, [webmailRunDir()]);
    for (const dir of new Set([siteFilesDir(dataDir), dataDir, webmailRunDir()])) {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  /** Starts the server; `heldAt`: that step, once its work is done, waits (until the kill) before it is recorded. */
  const start = (heldAt?: string) => {
    server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        ...env,
        ...(heldAt ? { FAULT_INJECTION_STEP: heldAt, FAULT_INJECTION_STEP_PAUSE_MS: "600000" } : {}),
      },
    });
    return server;
  };
  // Polled every 100 ms, to kill the server early in each step: each poll comes from another
  // loopback address, as the order route allows one address 60 requests a minute and a step can
  // take long on a busy machine (a WordPress install).
  let poll = 0;
  const orderState = () =>
    new Promise<{ status: string; steps: Record<string, { status: string }> } | undefined>((resolve) => {
      const localAddress = `127.0.0.${2 + (poll++ % 250)}`;
      http
        .get(`http://127.0.0.1:${env.PORT}/api/order/${orderId}?token=${token}`, { localAddress }, (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve(res.statusCode === 200 ? JSON.parse(body) : undefined));
        })
        .on("error", () => resolve(undefined));
    });
  const kill = async (proc: ChildProcess, signal: NodeJS.Signals) => {
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill(signal);
    await exited;
  };

  it("ends active with one site and one welcome e-mail", async () => {
    // Killed in each step in turn: as soon as the poll sees it processing (in the middle of its
    // work, for a long one), else in the pause after its work, which lasts until the kill: a busy
    // machine's slow poll cannot miss the step any more (a 1.5 s pause could be missed).
    for (const step of ["subdomain", "wordpress", "kit", "email"]) {
      const proc = start(step);
      await waitFor(
        async () => ((await orderState())?.steps[step]?.status === "processing" ? true : undefined),
        180_000,
      );
      await kill(proc, "SIGKILL");
    }
    const proc = start();
    const final = await waitFor(async () => {
      const s = await orderState();
      return s?.status === "active" ? s : undefined;
    }, 90_000);
    expect(Object.values(final.steps).map((s) => s.status)).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
      "completed",
    ]);
    await waitFor(() => smtp.received.find((m) => m.to.includes(email)));
    // Stopped as an operator would (SIGTERM): the queue finishes the jobs it holds, so a delivery
    // under way is in the sink once it has exited; a second welcome queued would be a second log row.
    await kill(proc, "SIGTERM");
    // Nothing of the data folder runs any more: not the services of this server, nor those the
    // killed ones left (a leftover OpenDKIM from the first start held its port, for one).
    // (A daemon's last workers may take a moment to follow their master.)
    const left = () => dataFolderProcesses(env.DATA_DIR as string, [webmailRunDir()]);
    await waitFor(() => left().length === 0, 10_000).catch(() => {});
    expect(left()).toEqual([]);

    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    // One customer site (the agency's own blog site lives beside it), and no leftover install folder.
    expect(siteFoldersIn(path.join(env.DATA_DIR as string, "sites"))).toEqual(["crash-test"]);
    const ctx = await createContext(loadConfig(env), createLogger("silent"), { jobs: allJobs });
    try {
      const welcome = await ctx.db.select().from(emailLog).where(eq(emailLog.orderId, orderId));
      expect(welcome.map((e) => e.template)).toEqual(["welcome"]);
    } finally {
      await ctx.close();
    }
  }, 600_000);
});
