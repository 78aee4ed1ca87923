import type { Db } from "../db/database.ts";
import { adminAudit } from "../db/schema.ts";

/**
 * The data access of `admin_audit`, who did what on the platform (admin actions, refused
 * tokens, subscription events). Every write to the table is here (docs/architecture.md,
 * data-access.test.ts).
 */
export async function insertAdminAudit(db: Db, values: typeof adminAudit.$inferInsert): Promise<void> {
  await db.insert(adminAudit).values(values);
}
