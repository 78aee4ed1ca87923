import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type SiteMaintenance, siteMaintenance } from "../db/schema.ts";

/**
 * The data access of `site_maintenance`, a site's versions and monitoring state. Every write to
 * the table is here (docs/architecture.md, data-access.test.ts).
 */

/** Records the versions just read on a site. */
export async function recordSiteVersions(
  db: Db,
  orderId: string,
  versions: SiteMaintenance["versions"],
  at: Date,
): Promise<void> {
  await db
    .insert(siteMaintenance)
    .values({ orderId, versions, versionsReadAt: at })
    .onConflictDoUpdate({ target: siteMaintenance.orderId, set: { versions, versionsReadAt: at } });
}

/** The site's maintenance row, made if it has none. */
export async function ensureSiteMaintenance(db: Db, orderId: string): Promise<SiteMaintenance | undefined> {
  const [state] = await db
    .insert(siteMaintenance)
    .values({ orderId })
    .onConflictDoUpdate({ target: siteMaintenance.orderId, set: { orderId } })
    .returning();
  return state;
}

/** Records a monitoring check's outcome. */
export async function updateSiteMaintenance(
  db: Db,
  orderId: string,
  patch: Partial<Omit<SiteMaintenance, "orderId">>,
): Promise<void> {
  await db.update(siteMaintenance).set(patch).where(eq(siteMaintenance.orderId, orderId));
}
