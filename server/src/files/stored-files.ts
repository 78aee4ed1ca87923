import { Readable } from "node:stream";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { storedFiles } from "../db/schema.ts";

/** Largest row of a stored file: big archives are written and read a megabyte at a time. */
const CHUNK_BYTES = 1024 * 1024;

type Db = Pick<Context, "db">;

/**
 * Keeps a file in the database under `key` (replacing what was there), from a buffer or a
 * stream, so that any process reads it wherever it runs (decision 0037). Returns its size.
 */
export async function storeFile(
  ctx: Db,
  key: string,
  content: Buffer | AsyncIterable<Buffer | Uint8Array>,
): Promise<number> {
  await deleteStoredFile(ctx, key);
  let chunk = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const data = Buffer.concat(pending, pendingBytes);
    await ctx.db.insert(storedFiles).values({ key, chunk, data });
    chunk++;
    size += data.length;
    pending = [];
    pendingBytes = 0;
  };
  const source = Buffer.isBuffer(content) ? [content] : content;
  for await (const part of source) {
    let rest = Buffer.isBuffer(part) ? part : Buffer.from(part);
    while (rest.length > 0) {
      const room = CHUNK_BYTES - pendingBytes;
      pending.push(rest.subarray(0, room));
      pendingBytes += Math.min(room, rest.length);
      rest = rest.subarray(room);
      if (pendingBytes === CHUNK_BYTES) await flush();
    }
  }
  // An empty file still has its one (empty) row: it exists.
  if (pendingBytes > 0 || chunk === 0) await flush();
  return size;
}

/** The whole file; throws when there is none under `key`. */
export async function readStoredFile(ctx: Db, key: string): Promise<Buffer> {
  const rows = await ctx.db
    .select({ data: storedFiles.data })
    .from(storedFiles)
    .where(eq(storedFiles.key, key))
    .orderBy(asc(storedFiles.chunk));
  if (rows.length === 0) throw new Error(`fichier introuvable : ${key}`);
  return Buffer.concat(rows.map((r) => r.data));
}

/** The file as a stream, read one chunk at a time (an archive of a site can be large). */
export function streamStoredFile(ctx: Db, key: string): Readable {
  return Readable.from(
    (async function* () {
      for (let chunk = 0; ; chunk++) {
        const [row] = await ctx.db
          .select({ data: storedFiles.data })
          .from(storedFiles)
          .where(and(eq(storedFiles.key, key), gte(storedFiles.chunk, chunk)))
          .orderBy(asc(storedFiles.chunk))
          .limit(1);
        if (!row) {
          if (chunk === 0) throw new Error(`fichier introuvable : ${key}`);
          return;
        }
        yield row.data;
      }
    })(),
  );
}

/** Whether a file is kept under `key`. */
export async function storedFileExists(ctx: Db, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.key, key), eq(storedFiles.chunk, 0)))
    .limit(1);
  return Boolean(row);
}

export async function deleteStoredFile(ctx: Db, key: string): Promise<void> {
  await ctx.db.delete(storedFiles).where(eq(storedFiles.key, key));
}

/** Deletes every file whose key starts with `prefix`, except the ones under `keep` if given. */
export async function deleteStoredFilesUnder(ctx: Db, prefix: string, keep?: string): Promise<void> {
  const under = sql`starts_with(${storedFiles.key}, ${prefix})`;
  await ctx.db
    .delete(storedFiles)
    .where(keep ? and(under, sql`not starts_with(${storedFiles.key}, ${keep})`) : under);
}
