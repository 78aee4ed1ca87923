import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { emailTemplates } from "../db/schema.ts";

/**
 * The data access of `email_templates`, the platform's e-mails as the agency edits them. Every
 * write to the table is here (docs/architecture.md, data-access.test.ts).
 */

/** Adds the templates that are missing, leaving the others as they are. */
export async function insertEmailTemplatesOnce(
  db: Db,
  values: (typeof emailTemplates.$inferInsert)[],
): Promise<void> {
  await db.insert(emailTemplates).values(values).onConflictDoNothing();
}

/** Changes a template, by its name. */
export async function updateEmailTemplate(
  db: Db,
  name: string,
  patch: Partial<typeof emailTemplates.$inferInsert>,
): Promise<void> {
  await db
    .update(emailTemplates)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(emailTemplates.name, name));
}
