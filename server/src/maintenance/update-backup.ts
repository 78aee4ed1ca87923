import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { archiveName, backupBeforeChange } from "../backups/site-backups.ts";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";

/**
 * The one place where an update takes its backup and reads it back: the backup of the site as it
 * is now (files and a consistent copy of its database), kind "before-update". Answers its id.
 */
export async function backupBeforeUpdate(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups">,
  order: Order,
): Promise<string> {
  // The update job holds the site's lease: the backup runs under it.
  const backup = await backupBeforeChange(ctx, order, "update");
  if (!backup) throw new Error(`no site ${order.subdomain} on the host to back up before its update`);
  return backup.id;
}

/**
 * Hands the backup's archive to `use`, read whole from the repository into a private file first:
 * a repository that fails midway leaves the site as it is.
 */
export async function withBackupArchive<T>(
  ctx: Pick<Context, "config" | "backups">,
  backupId: string,
  subdomain: string,
  use: (archive: Readable) => Promise<T>,
): Promise<T> {
  const scratch = path.join(ctx.config.DATA_DIR, "tmp");
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  const file = path.join(scratch, `rollback-${randomBytes(6).toString("hex")}.tar`);
  try {
    const out = createWriteStream(file, { mode: 0o600 });
    await ctx.backups.dump(backupId, archiveName(subdomain), out);
    out.end();
    await finished(out);
    return await use(createReadStream(file));
  } finally {
    await rm(file, { force: true });
  }
}
