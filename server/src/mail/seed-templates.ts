import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { emailTemplates } from "../db/schema.ts";
import { DEFAULT_TEMPLATES } from "./default-templates.ts";
import { insertEmailTemplatesOnce, updateEmailTemplate } from "./email-templates-table.ts";

/**
 * Earlier defaults that are no longer true, by the sha256 of `subject + "\n" + content`: a stored
 * template equal to one was never edited by the agency, and takes the current default.
 * koza_ready: until stop 34 it listed fixed pages (« Réalisations » even when Koza made
 * « Comment ça se passe »); it now lists the pages as made (decision 0079).
 */
export const SUPERSEDED_DEFAULTS: Record<string, string[]> = {
  koza_ready: ["667a1239c188436bc423658be75e5067d781dda49b83cca7fe2c54362223532b"],
};

export const templateHash = (subject: string, content: string) =>
  createHash("sha256").update(`${subject}\n${content}`).digest("hex");

/** Adds the default templates that are missing; never overwrites an admin's edits. */
export async function seedEmailTemplates(db: Db): Promise<void> {
  await insertEmailTemplatesOnce(db, DEFAULT_TEMPLATES);
  for (const [name, hashes] of Object.entries(SUPERSEDED_DEFAULTS)) {
    const [stored] = await db.select().from(emailTemplates).where(eq(emailTemplates.name, name));
    const current = DEFAULT_TEMPLATES.find((template) => template.name === name);
    if (!stored || !current || !hashes.includes(templateHash(stored.subject, stored.content))) continue;
    await updateEmailTemplate(db, name, current);
  }
}
