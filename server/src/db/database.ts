import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL access, used by the job queue. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  sql: SqlExecutor;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/**
 * PGlite's defaults with a smaller buffer cache: 16 MB instead of 128 MB holds an agency's
 * orders many times over, and the cache lives in memory the process never gives back.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** The first creation of the folder, out of this process (create-pglite-dir.ts says why). */
async function createInChildProcess(dir: string): Promise<void> {
  const script = fileURLToPath(new URL("./create-pglite-dir.ts", import.meta.url));
  await promisify(execFile)(process.execPath, ["--import", "tsx", script, dir]);
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir`
 * (`memory://` for a throwaway in-memory database). Migrations run before it is returned.
 * `image`: an in-memory PGlite starts as a copy of this data folder (PGlite's `dumpDataDir`)
 * instead of running initdb, as the tests do with one image made per run (test/database-image.ts).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  image?: Blob;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  const dir = opts.dataDir ?? "memory://";
  if (!dir.startsWith("memory://")) {
    mkdirSync(path.dirname(dir), { recursive: true });
    if (!existsSync(path.join(dir, "PG_VERSION"))) await createInChildProcess(dir);
  }
  const client = await PGlite.create(dir, {
    startParams: PGLITE_START_PARAMS,
    ...(opts.image && dir.startsWith("memory://") ? { loadDataDir: opts.image } : {}),
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: "pglite",
    sql: {
      async executeSql(text, values) {
        // The queue (pg-boss) records the end of a job it was still running when it stopped
        // (after its grace period) without waiting for the answer: once the database is closed,
        // there is nothing to record it in, and the job's expiry hands it to the next start.
        if (closed) return { rows: [] };
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    close: async () => {
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Several processes (API, workers) may start at once: one migrates, the others wait.
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727001)");
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727001)").catch(() => {});
    client.release();
  }
  const db = drizzleNodePg(pool, { schema });
  let ended = false;
  return {
    db: db as unknown as Db,
    kind: "postgres",
    sql: {
      // As with PGlite: what the queue sends once the pool is ended has nowhere to go.
      executeSql: async (text, values) => (ended ? { rows: [] } : pool.query(text, values as unknown[])),
    },
    close: async () => {
      ended = true;
      await pool.end();
    },
  };
}
