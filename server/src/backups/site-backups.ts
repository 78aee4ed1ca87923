import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import {
  BACKUP_KIND_LABELS,
  BACKUP_MESSAGES,
  type BackupKind,
  type ChangeReason,
  formatBytes,
} from "@lagon/contracts/backups";
import type { BackupView } from "@lagon/contracts/backups-schemas";
import { formatDateTime } from "@lagon/contracts/french-date";
import { siteDiskMb } from "@lagon/contracts/plans";
import { and, asc, desc, eq, isNotNull, isNull, ne, notInArray, or } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, orders, type SiteBackup, siteBackups, sites, subscriptions } from "../db/schema.ts";
import { claimOrderLease, REQUEST_RUN } from "../jobs/order-lease.ts";
import { AppError, badRequest, conflict, notFound } from "../lib/app-error.ts";
import { backupOrderMail, restoreOrderMail } from "../mailboxes/order-mail-follows-site.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderColumns, orderStatusSql } from "../orders/orders-table.ts";
import { queueScreenshot } from "../screenshots/screenshot-jobs.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { getSite } from "../sites/sites-table.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { resolveBackupAlerts } from "./backup-alerts.ts";
import { deleteSiteBackupsNotKept, findSiteBackup, insertSiteBackup } from "./site-backups-table.ts";

/**
 * Runs a backup or a restore holding the site's lease (order-lease.ts): one operation at a time
 * on a site, whichever process runs it, and never during an install or a Koza generation.
 */
async function exclusive<T>(
  ctx: Pick<Context, "db" | "log">,
  order: Order,
  what: string,
  task: () => Promise<T>,
): Promise<T> {
  const lease = await claimOrderLease(ctx, order.id, { name: what, id: REQUEST_RUN });
  if (!lease) throw conflict(BACKUP_MESSAGES.busy);
  try {
    return await task();
  } finally {
    await lease.release();
  }
}

export function backupView(row: SiteBackup): BackupView {
  return { id: row.id, created_at: row.createdAt.toISOString(), size_bytes: row.sizeBytes, kind: row.kind };
}

/** The order's backups, newest first. */
export async function listBackups(ctx: Pick<Context, "db">, orderId: string): Promise<BackupView[]> {
  const rows = await ctx.db
    .select()
    .from(siteBackups)
    .where(eq(siteBackups.orderId, orderId))
    .orderBy(desc(siteBackups.createdAt));
  return rows.map(backupView);
}

/**
 * The admin's "back up now", run by its job (backup-jobs.ts), which holds the site's lease: a
 * manual backup of the order's site.
 */
export async function backupNow(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups">,
  order: Order,
): Promise<SiteBackup> {
  const site = await getSite(ctx.db, order.id);
  if (!site.wpUsername || (await ctx.wordpress.hostFor(site).status(order.subdomain)) === "absent")
    throw badRequest(BACKUP_MESSAGES.noSite);
  return takeBackup(ctx, order, "manual");
}

/** Backs the site up now (files and a consistent copy of its database); answers once it is saved. */
export function backupSite(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups" | "log">,
  order: Order,
  kind: BackupKind,
): Promise<SiteBackup> {
  return exclusive(ctx, order, "backup", () => takeBackup(ctx, order, kind));
}

/**
 * The backup taken before a change that replaces the site or takes it down (a restore, a
 * reinstall, an update, a suspension, an archival): kind `before-<reason>`, listed on the order
 * page like the others. The caller holds the site's lease (order-lease.ts). Answers null
 * when there is no site on the host to back up (nothing can be lost); throws when the backup
 * fails: the caller must then leave the site as it is. The caller holds the site (its lease).
 */
export function backupBeforeChange(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups">,
  order: Order,
  reason: ChangeReason,
): Promise<SiteBackup | null> {
  return backupBefore(ctx, order, reason);
}

async function backupBefore(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups">,
  order: Order,
  reason: ChangeReason,
): Promise<SiteBackup | null> {
  const site = await getSite(ctx.db, order.id);
  if (!site.wpUsername || (await ctx.wordpress.hostFor(site).status(order.subdomain)) === "absent") {
    await addOrderLog(ctx.db, order.id, {
      level: "info",
      action: "backup",
      details: `${BACKUP_KIND_LABELS[`before-${reason}`]} : aucun site installé, rien à sauvegarder.`,
    });
    return null;
  }
  return takeBackup(ctx, order, `before-${reason}`);
}

async function takeBackup(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups">,
  order: Order,
  kind: BackupKind,
  time?: Date,
): Promise<SiteBackup> {
  const site = await getSite(ctx.db, order.id);
  if (!site.wpUsername) throw badRequest(BACKUP_MESSAGES.noSite);
  const host = ctx.wordpress.hostFor(site);
  const { subdomain } = order;
  const started = Date.now();
  const { id, sizeBytes } = await ctx.backups.backup(
    archiveName(subdomain),
    [`site=${subdomain}`, `kind=${kind}`],
    (into) => host.exportSite(subdomain, into),
    time,
  );
  // The site's mailboxes go with it, in a snapshot of their own (decision 0066).
  const mail = await backupOrderMail(ctx, order, time);
  const row = await insertSiteBackup(ctx.db, {
    id,
    orderId: order.id,
    subdomain,
    kind,
    sizeBytes: sizeBytes + (mail?.sizeBytes ?? 0),
    createdAt: time ?? new Date(),
    mailSnapshotId: mail?.id ?? null,
  });
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "backup",
    details: `${BACKUP_KIND_LABELS[kind]} : ${formatBytes(sizeBytes)} en ${Math.round((Date.now() - started) / 1000)} s.`,
  });
  // A site backed up again is no longer missing its backup.
  await resolveBackupAlerts(ctx, order.id, "missed");
  return row;
}

/** Why a restore of this order's site cannot start now, if it cannot: an archived site. */
export async function restoreRefusal(ctx: Pick<Context, "db">, orderId: string): Promise<AppError | null> {
  const [sub] = await ctx.db
    .select({ siteState: subscriptions.siteState })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId));
  // An archived site comes back with its subscription (paid again), not through a restore.
  return sub?.siteState === "removed" ? conflict(BACKUP_MESSAGES.archived) : null;
}

/**
 * Puts the site back as it was in one of its backups, run by its job (backup-jobs.ts), which
 * holds the site's lease. What it is now is backed up first (kind before-restore), so a restore
 * can itself be undone (nothing to back up when the site is not on the host). A failure is
 * logged on the order and thrown as the French `restoreFailed`.
 */
export async function restoreNow(ctx: Context, order: Order, backupId: string): Promise<void> {
  const restored = await findBackup(ctx, order.id, backupId);
  const refused = await restoreRefusal(ctx, order.id);
  if (refused) throw refused;
  await backupBefore(ctx, order, "restore");
  try {
    await importBackup(
      ctx,
      restored,
      await siteHostOf(ctx, order.id),
      order.subdomain,
      siteDiskMb(order.planId),
    );
    await restoreOrderMail(ctx, order, restored);
  } catch (error) {
    ctx.log.error({ err: error, subdomain: order.subdomain }, "restore failed");
    await addOrderLog(ctx.db, order.id, {
      level: "error",
      action: "restore",
      details: `Restauration de la sauvegarde du ${formatDateTime(restored.createdAt)} échouée : ${(error as Error).message.slice(0, 300)}`,
    });
    throw new AppError(502, BACKUP_MESSAGES.restoreFailed);
  }
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "restore",
    details: `Site restauré à la sauvegarde du ${formatDateTime(restored.createdAt)}.`,
  });
  await queueScreenshot(ctx, order.id);
}

/**
 * Serves the site `subdomain` from a backup's archive (its own site, or a scratch copy). The
 * archive is read whole from the repository into DATA_DIR/tmp before the host is touched: a
 * repository that fails midway leaves the site as it was.
 */
export async function importBackup(
  ctx: Pick<Context, "config" | "backups">,
  backup: Pick<SiteBackup, "id" | "subdomain">,
  host: WordPressHost,
  subdomain: string,
  /** The site's disk allowance, MiB (its plan's, decision 0095), given before its folders are made. */
  diskMb?: number,
): Promise<void> {
  const scratch = path.join(ctx.config.DATA_DIR, "tmp");
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  const file = path.join(scratch, `restore-${randomBytes(6).toString("hex")}.tar`);
  try {
    const out = createWriteStream(file, { mode: 0o600 });
    await ctx.backups.dump(backup.id, archiveName(backup.subdomain), out);
    out.end();
    await finished(out);
    if (diskMb !== undefined) await host.setDiskAllowance(subdomain, diskMb);
    await host.importSite(subdomain, createReadStream(file));
  } finally {
    await rm(file, { force: true });
  }
}

/** Writes a backup's archive (tar), or with no backup the live site's, into `into` without ending it. */
export function writeSiteArchive(
  ctx: Pick<Context, "db" | "wordpress" | "backups">,
  order: Order,
  backup: Pick<SiteBackup, "id" | "subdomain"> | null,
  into: Writable,
): Promise<void> {
  return backup
    ? ctx.backups.dump(backup.id, archiveName(backup.subdomain), into)
    : siteHostOf(ctx, order.id).then((host) => host.exportSite(order.subdomain, into));
}

/** One backup of an order, or a French 404. */
export async function findBackup(
  ctx: Pick<Context, "db">,
  orderId: string,
  backupId: string,
): Promise<SiteBackup> {
  const row = await findSiteBackup(ctx.db, orderId, backupId);
  if (!row) throw notFound(BACKUP_MESSAGES.notFound);
  return row;
}

/**
 * The sites the daily run backs up: installed (the order went through provisioning) and still on
 * the host (an archived subscription's site is removed; its last backup is its final copy).
 */
export async function backedUpSites(ctx: Pick<Context, "db">): Promise<Order[]> {
  const rows = await ctx.db
    .select({ order: orderColumns })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(
      and(
        notInArray(orderStatusSql, ["pending", "processing"]),
        isNotNull(sites.wpUsername),
        or(isNull(subscriptions.siteState), ne(subscriptions.siteState, "removed")),
      ),
    )
    .orderBy(asc(orders.createdAt));
  return rows.map((r) => r.order);
}

/**
 * The daily run: backs up every site that is installed, then applies the retention policy and
 * forgets the rows of the snapshots it removed. A site that fails is logged and the others go on;
 * returns the subdomains that failed.
 */
export async function backupAllSites(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups" | "log">,
  time?: Date,
): Promise<{ done: number; failed: string[] }> {
  const failed: string[] = [];
  let done = 0;
  for (const order of await backedUpSites(ctx)) {
    try {
      await exclusive(ctx, order, "backup", () => takeBackup(ctx, order, "daily", time));
      done++;
    } catch (err) {
      failed.push(order.subdomain);
      ctx.log.error({ err, subdomain: order.subdomain }, "daily backup failed");
      await addOrderLog(ctx.db, order.id, {
        level: "error",
        action: "backup",
        details: `Sauvegarde quotidienne échouée : ${(err as Error).message.slice(0, 300)}`,
      });
    }
  }
  await applyRetention(ctx);
  return { done, failed };
}

/** `forget --prune` with the configured policy; rows of forgotten snapshots go too. */
export async function applyRetention(ctx: Pick<Context, "config" | "db" | "backups">): Promise<void> {
  const c = ctx.config;
  await ctx.backups.forget({
    daily: c.BACKUP_KEEP_DAILY,
    weekly: c.BACKUP_KEEP_WEEKLY,
    monthly: c.BACKUP_KEEP_MONTHLY,
    // The backups taken before a change, or on request, are not only the day's last one.
    withinDays: c.BACKUP_KEEP_DAILY,
  });
  const kept = (await ctx.backups.snapshots()).map((s) => s.id);
  await deleteSiteBackupsNotKept(ctx.db, kept);
}

/** One archive name per site: restic's retention groups snapshots by it. */
export const archiveName = (subdomain: string) => `${subdomain}.tar`;
