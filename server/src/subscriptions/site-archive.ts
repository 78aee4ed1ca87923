import { pipeline } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import type { Context } from "../context.ts";
import { deleteStoredFile, storeFile, streamStoredFile } from "../files/stored-files.ts";

// The final copy of an archived site, kept behind these three functions so that another store
// (restic backups) can replace it without touching the lifecycle. The archive is the host's site
// archive (the one backups use), gzipped, kept in the database's stored files: the worker that
// restores or forgets it is rarely the one that made it (decision 0037).

const ARCHIVES = "archives/";

/** Copies the site (files and database) to the stored files; answers its key, or null when there is no site. */
export async function keepFinalCopy(
  ctx: Pick<Context, "db" | "wordpress">,
  subdomain: string,
  orderId: string,
): Promise<string | null> {
  if ((await ctx.wordpress.status(subdomain)) === "absent") return null;
  const key = `${ARCHIVES}${subdomain}-${orderId}-${Date.now()}.tar.gz`;
  const gzip = createGzip();
  const stored = storeFile(ctx, key, gzip);
  try {
    await ctx.wordpress.exportSite(subdomain, gzip);
    gzip.end();
    await stored;
  } catch (error) {
    gzip.destroy();
    await stored.catch(() => {});
    await deleteStoredFile(ctx, key);
    throw error;
  }
  return key;
}

/** Serves the site again from its final copy; a site already there (restored before) is kept. */
export async function restoreFinalCopy(
  ctx: Pick<Context, "db" | "wordpress">,
  subdomain: string,
  location: string,
): Promise<void> {
  if ((await ctx.wordpress.status(subdomain)) === "installed") return;
  // A copy that cannot be read fails the unpacking stream, which stops the import.
  const archive = pipeline(streamStoredFile(ctx, location), createGunzip(), () => {});
  await ctx.wordpress.importSite(subdomain, archive);
}

/** Forgets a final copy whose retention is over. */
export async function deleteFinalCopy(ctx: Pick<Context, "db">, location: string): Promise<void> {
  // Only ever a copy of the archives.
  if (!location.startsWith(ARCHIVES)) throw new Error(`not an archive: ${location}`);
  await deleteStoredFile(ctx, location);
}
