import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream";
import { pipeline as pipelineDone } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Context } from "../context.ts";

// The final copy of an archived site, kept behind these three functions so that another store
// (restic backups) can replace the archive files without touching the lifecycle. The archive is
// the host's site archive (the one backups use), gzipped.

const archiveDir = (ctx: Pick<Context, "config">) => path.resolve(ctx.config.DATA_DIR, "archives");

/** Copies the site (files and database) to DATA_DIR/archives; answers where, or null when there is no site. */
export async function keepFinalCopy(
  ctx: Pick<Context, "config" | "wordpress">,
  subdomain: string,
  orderId: string,
): Promise<string | null> {
  if ((await ctx.wordpress.status(subdomain)) === "absent") return null;
  await mkdir(archiveDir(ctx), { recursive: true, mode: 0o700 });
  const file = path.join(archiveDir(ctx), `${subdomain}-${orderId}-${Date.now()}.tar.gz`);
  const gzip = createGzip();
  const written = pipelineDone(gzip, createWriteStream(file, { mode: 0o600 }));
  try {
    await ctx.wordpress.exportSite(subdomain, gzip);
    gzip.end();
    await written;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(file, { force: true });
    throw error;
  }
  return file;
}

/** Serves the site again from its final copy; a site already there (restored before) is kept. */
export async function restoreFinalCopy(
  ctx: Pick<Context, "wordpress">,
  subdomain: string,
  location: string,
): Promise<void> {
  if ((await ctx.wordpress.status(subdomain)) === "installed") return;
  // A file that cannot be read fails the unpacking stream, which stops the import.
  const archive = pipeline(createReadStream(location), createGunzip(), () => {});
  await ctx.wordpress.importSite(subdomain, archive);
}

/** Forgets a final copy whose retention is over. */
export async function deleteFinalCopy(ctx: Pick<Context, "config">, location: string): Promise<void> {
  // Only ever a file of our own archive folder.
  if (path.dirname(path.resolve(location)) !== archiveDir(ctx))
    throw new Error(`not an archive: ${location}`);
  await rm(location, { force: true });
}
