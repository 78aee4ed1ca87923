import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { kozaSubmissions } from "../db/schema.ts";

/**
 * The data access of `koza_submissions`, the answers of a Koza questionnaire and the words
 * written for them. Every write to the table is here (docs/architecture.md, data-access.test.ts).
 */

/** Records a questionnaire's answers; answers the submission's id. */
export async function insertKozaSubmission(
  db: Db,
  values: typeof kozaSubmissions.$inferInsert,
): Promise<number | undefined> {
  const [row] = await db.insert(kozaSubmissions).values(values).returning({ id: kozaSubmissions.id });
  return row?.id;
}

/** Deletes a submission whose generation could not be queued. */
export async function deleteKozaSubmission(db: Db, submissionId: number): Promise<void> {
  await db.delete(kozaSubmissions).where(eq(kozaSubmissions.id, submissionId));
}

/** Keeps the words written for a submission (null: forget them, new words are wanted). */
export async function setKozaSubmissionContent(
  db: Db,
  submissionId: number,
  content: unknown,
): Promise<void> {
  await db.update(kozaSubmissions).set({ content }).where(eq(kozaSubmissions.id, submissionId));
}
