import type { Db } from "../db/database.ts";
import { emailTemplates } from "../db/schema.ts";
import { DEFAULT_TEMPLATES } from "./default-templates.ts";

/** Adds the default templates that are missing; never overwrites an admin's edits. */
export async function seedEmailTemplates(db: Db): Promise<void> {
  await db.insert(emailTemplates).values(DEFAULT_TEMPLATES).onConflictDoNothing();
}
