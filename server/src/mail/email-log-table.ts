import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { emailLog } from "../db/schema.ts";

/**
 * The data access of `email_log`, every e-mail the platform queued and what became of it. Every
 * write to the table is here (docs/architecture.md, data-access.test.ts).
 */

/** Records an e-mail queued for sending. */
export async function insertEmailLog(db: Db, values: typeof emailLog.$inferInsert): Promise<void> {
  await db.insert(emailLog).values(values);
}

/** Records what became of an e-mail. */
export async function updateEmailLog(
  db: Db,
  emailId: string,
  patch: Partial<typeof emailLog.$inferInsert>,
): Promise<void> {
  await db.update(emailLog).set(patch).where(eq(emailLog.id, emailId));
}
