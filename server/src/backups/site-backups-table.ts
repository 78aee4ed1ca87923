import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type SiteBackup, siteBackups } from "../db/schema.ts";

/**
 * The data access of `site_backups`, one row per restic snapshot of a site (decision 0028). Every
 * write to the table and every plain look-up of one backup by a key is here
 * (docs/architecture.md, data-access.test.ts).
 */

/** Records a snapshot just taken. */
export async function insertSiteBackup(db: Db, values: typeof siteBackups.$inferInsert): Promise<SiteBackup> {
  const [row] = await db.insert(siteBackups).values(values).returning();
  return row as SiteBackup;
}

/** One backup of an order, if it is that order's. */
export async function findSiteBackup(
  db: Db,
  orderId: string,
  backupId: string,
): Promise<SiteBackup | undefined> {
  const [row] = await db
    .select()
    .from(siteBackups)
    .where(and(eq(siteBackups.id, backupId), eq(siteBackups.orderId, orderId)));
  return row;
}

/** Forgets the rows of the snapshots retention dropped: every row when none is kept. */
export async function deleteSiteBackupsNotKept(db: Db, kept: readonly string[]): Promise<void> {
  await db.delete(siteBackups).where(kept.length > 0 ? notInArray(siteBackups.id, [...kept]) : undefined);
}

/** Forgets every backup row of an order (its archive's keeping is over). */
export async function deleteOrderSiteBackups(db: Db, orderId: string): Promise<void> {
  await db.delete(siteBackups).where(eq(siteBackups.orderId, orderId));
}
