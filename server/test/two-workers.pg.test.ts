import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Context } from "../src/context.ts";
import { queueEmail } from "../src/mail/queue-email.ts";
import { freePort } from "../src/wordpress/site-checks.ts";
import { startSmtpSink, waitFor } from "./smtp-sink.ts";
import { createTestContext } from "./test-context.ts";

const serverDir = path.resolve(import.meta.dirname, "..");

describe("two worker processes on one PostgreSQL", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: Context;
  const workers: ChildProcess[] = [];
  let stderr = "";

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext();
    const url = await ctx.database.sql.executeSql("select current_database() as db", []);
    const dbUrl = new URL(process.env.TEST_DATABASE_URL as string);
    dbUrl.pathname = `/${(url.rows[0] as { db: string }).db}`;
    for (let i = 0; i < 2; i++) {
      const wpPort = String(await freePort());
      const worker = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: serverDir,
        stdio: ["ignore", "ignore", "pipe"],
        env: {
          ...process.env,
          ROLE: "worker",
          // As every test context (test-context.ts): no quota image per worker's data folder.
          SITE_QUOTA: "off",
          DATABASE_URL: dbUrl.toString(),
          SMTP_URL: smtp.url,
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-worker-")),
          WP_PORT: wpPort,
          LOG_LEVEL: "silent",
          // The workers open the e-mail log this context wrote: the same key seals it.
          SECRET_KEY: ctx.config.SECRET_KEY,
          ADMIN_TOKEN: ctx.config.ADMIN_TOKEN,
        },
      });
      worker.stderr?.on("data", (d) => {
        stderr += d;
      });
      workers.push(worker);
    }
  });

  /** Stops the workers as an operator would (SIGTERM): each finishes the job it holds, then exits. */
  const stopWorkers = () =>
    Promise.all(
      workers.map((w) => {
        if (w.exitCode !== null || w.signalCode !== null) return Promise.resolve();
        const exited = new Promise((r) => w.once("exit", r));
        w.kill("SIGTERM");
        return exited;
      }),
    );

  afterAll(async () => {
    await stopWorkers();
    await ctx?.close();
    await smtp?.close();
  });

  it("runs each job exactly once", async () => {
    const count = 30;
    for (let i = 0; i < count; i++) {
      await queueEmail(ctx, {
        template: "contact_agency",
        to: `client${i}@example.re`,
        vars: { name: `n${i}` },
      });
    }
    await waitFor(() => {
      const dead = workers.find((w) => w.exitCode !== null);
      if (dead) throw new Error(`a worker stopped (${dead.exitCode}): ${stderr}`);
      return smtp.received.length >= count ? true : undefined;
    }, 60_000);
    // A duplicate would be a job run twice: once no job is left to run or running and both workers
    // have stopped (finishing what they held), nothing more can be delivered.
    await waitFor(async () => {
      const { rows } = await ctx.database.sql.executeSql(
        "select count(*)::int as n from pgboss.job where name = 'send-email' and state in ('created', 'retry', 'active')",
        [],
      );
      return (rows[0] as { n: number }).n === 0 || undefined;
    }, 60_000);
    await stopWorkers();
    const recipients = smtp.received.flatMap((m) => m.to);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
  });
});
