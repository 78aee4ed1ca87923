import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import type { Context } from "../src/context.ts";
import { createContext } from "../src/create-context.ts";
import { openDatabase } from "../src/db/database.ts";
import type { AnyJob } from "../src/jobs/job-queue.ts";
import { tokenEntropyBits } from "../src/lib/token-entropy.ts";
import { createLogger } from "../src/logger.ts";
import { TEST_JOBS } from "./test-jobs.ts";

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (the test command runs the API suite both ways). Either is a
 * copy of the database the run migrated once (database-image.ts); migrations run again, finding
 * nothing to do.
 */
export async function openTestDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const image = new Blob([readFileSync(inject("pgliteImage"))]);
    return openDatabase({ dataDir: "memory://", image });
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString() });
}

/**
 * The admin token of every test context, drawn at random for each run, again when the draw is one
 * the configuration refuses (32 hexadecimal digits without a letter: 106 bits, 1 draw in 3.4
 * million).
 */
export const TEST_ADMIN_TOKEN = drawAdminToken();

function drawAdminToken(): string {
  for (;;) {
    const token = randomBytes(16).toString("hex");
    if (tokenEntropyBits(token) >= 128) return token;
  }
}

/**
 * A context on a fresh database, with the product's jobs retried without delay (test-jobs.ts);
 * `jobs` replaces them (a test of the queue itself).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  jobs: AnyJob[] = TEST_JOBS,
): Promise<Context> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lagon-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SERVE_WEB: "false",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    // Tests never reach the WordPress.org directory: an empty folder, so a kit waits at once.
    WP_PLUGIN_SOURCE: path.join(dataDir, "plugin-source"),
    // The sites' disk quota mounts an image per host: only the tests of the quota ask for it.
    SITE_QUOTA: "off",
    ...env,
  });
  return createContext(config, createLogger(config.LOG_LEVEL), {
    jobs,
    database: await openTestDatabase(),
  });
}

export async function createTestApp(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  const app = await buildApp(ctx);
  return {
    ctx,
    app,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}
