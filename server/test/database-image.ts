import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/database.ts";
import * as schema from "../src/db/schema.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data folder with every migration applied, as PGlite's dumpDataDir writes it. */
    pgliteImage: string;
    /** A database of TEST_DATABASE_URL's server with every migration applied, to copy. */
    postgresTemplate: string;
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, "../src/db/migrations");

/**
 * Vitest's global setup of the server tests: the migrated database is made once per run, and each
 * test file's fresh database is a copy of it (test-context.ts) instead of a new initdb and every
 * migration again. On PGlite, initdb alone takes seconds; the copy, a fraction of it.
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
  const image = await client.dumpDataDir("none");
  await client.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-pglite-image-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide("pgliteImage", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
