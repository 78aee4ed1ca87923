import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type MailboxRow, mailboxes } from "../db/schema.ts";

/**
 * The data access of `mailboxes`, a site's mailboxes on the mail host. Every write to the table
 * is here (docs/architecture.md, data-access.test.ts).
 */

/** Records a new mailbox. */
export async function insertMailbox(db: Db, values: typeof mailboxes.$inferInsert): Promise<MailboxRow> {
  const [created] = await db.insert(mailboxes).values(values).returning();
  return created as MailboxRow;
}

/** Deletes a mailbox's row. */
export async function deleteMailboxRow(db: Db, mailboxId: string): Promise<void> {
  await db.delete(mailboxes).where(eq(mailboxes.id, mailboxId));
}

/** Changes a mailbox; answers the new row. */
export async function updateMailbox(
  db: Db,
  mailboxId: string,
  patch: Partial<Omit<MailboxRow, "id" | "orderId">>,
): Promise<MailboxRow | undefined> {
  const [updated] = await db.update(mailboxes).set(patch).where(eq(mailboxes.id, mailboxId)).returning();
  return updated;
}

/** Gives every mailbox of an order this quota. */
export async function setOrderMailboxQuota(db: Db, orderId: string, quotaBytes: number): Promise<void> {
  await db.update(mailboxes).set({ quotaBytes }).where(eq(mailboxes.orderId, orderId));
}
