import { siteDiskMb } from "@lagon/contracts/plans";
import { eq } from "drizzle-orm";
import { backupBeforeChange, findBackup, importBackup } from "../backups/site-backups.ts";
import { deleteOrderSiteBackups } from "../backups/site-backups-table.ts";
import type { Context } from "../context.ts";
import { type Order, siteBackups } from "../db/schema.ts";
import { restoreOrderMail } from "../mailboxes/order-mail-follows-site.ts";
import { restoreMailHost } from "../mailboxes/order-mailboxes.ts";
import { siteHostOf } from "../sites/site-of.ts";

// The final copy of an archived site is its backup taken before the archival (kind
// before-archive, in the backups' restic repository, decision 0028), its mailboxes included
// (decision 0066): `archive_location` holds that backup's id. One path for every copy of a site: backups, restores and archives.

/** Backs the site up (files and database) before it is removed; answers the backup's id, or null when there is no site. */
export async function keepFinalCopy(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups">,
  order: Order,
): Promise<string | null> {
  const backup = await backupBeforeChange(ctx, order, "archive");
  return backup?.id ?? null;
}

/** Serves the site again from its final copy; a site already there (restored before) is kept. */
export async function restoreFinalCopy(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups">,
  order: Order,
  location: string,
): Promise<void> {
  const host = await siteHostOf(ctx, order.id);
  if ((await host.status(order.subdomain)) === "installed") return;
  const backup = await findBackup(ctx, order.id, location);
  await importBackup(ctx, backup, host, order.subdomain, siteDiskMb(order.planId));
  // Its mail domains left the mail host with the site (decision 0113): the database gives them
  // back with their addresses, then the copy their mail.
  await restoreMailHost(ctx, order);
  await restoreOrderMail(ctx, order, backup);
}

/** The keeping of an archived site is over: every backup of it is forgotten, its data freed. */
export async function deleteFinalCopy(ctx: Pick<Context, "backups" | "db">, order: Order): Promise<void> {
  const rows = await ctx.db
    .select({ id: siteBackups.id, mail: siteBackups.mailSnapshotId })
    .from(siteBackups)
    .where(eq(siteBackups.orderId, order.id));
  await ctx.backups.forgetSnapshots(rows.flatMap((r) => (r.mail ? [r.id, r.mail] : [r.id])));
  await deleteOrderSiteBackups(ctx.db, order.id);
}
