import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type Database, openDatabase, type SqlExecutor } from "../src/db/database.ts";
import * as schema from "../src/db/schema.ts";
import { startJobQueue } from "../src/jobs/job-queue.ts";
import { createLogger } from "../src/logger.ts";
import { TEST_JOBS } from "./test-jobs.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data folder with every migration and pg-boss's queues, as PGlite's dumpDataDir writes it. */
    pgliteImage: string;
    /** A database of TEST_DATABASE_URL's server with every migration applied, to copy. */
    postgresTemplate: string;
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, "../src/db/migrations");

/**
 * Vitest's global setup of the server tests: the migrated database is made once per run, and each
 * test file's fresh database is a copy of it (test-context.ts) instead of a new initdb and every
 * migration again. On PGlite, initdb alone takes seconds; the copy, a fraction of it. The PGlite
 * image also holds pg-boss's schema and queues (TEST_JOBS): installing them took each test
 * context about 2 s of CPU more. Made in a folder of this run, from this checkout's migrations and
 * jobs: never a copy from another run or another clone.
 */
export default async function makeDatabaseImage(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `template_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // The product's own path: migrations under its advisory lock.
    const database = await openDatabase({ url: url.toString() });
    await database.close();
    project.provide("postgresTemplate", name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create("memory://");
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  // pg-boss's schema and a queue per job, as the first start of a test context would make them.
  const sql: SqlExecutor = {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
    },
  };
  const queue = await startJobQueue({ sql } as Database, TEST_JOBS, createLogger("silent"));
  await queue.stop();
  const image = await client.dumpDataDir("none");
  await client.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-pglite-image-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide("pgliteImage", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
