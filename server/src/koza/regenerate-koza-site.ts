import { KOZA_MESSAGES } from "@lagon/contracts/koza";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { kozaSubmissions, type Order } from "../db/schema.ts";
import { storedFileExists } from "../files/stored-files.ts";
import { conflict, forbidden } from "../lib/app-error.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderStatus } from "../orders/orders-table.ts";
import { claimKozaRun, getSite, updateSite } from "../sites/sites-table.ts";
import { generateKozaSiteJob } from "./generate-koza-site-job.ts";
import { setKozaSubmissionContent } from "./koza-submissions-table.ts";
import type { StoredFile } from "./submit-koza-questionnaire.ts";

/** The order's latest questionnaire, if its images are all still kept. */
export async function keptSubmission(ctx: Context, orderId: string) {
  const [latest] = await ctx.db
    .select()
    .from(kozaSubmissions)
    .where(eq(kozaSubmissions.orderId, orderId))
    .orderBy(desc(kozaSubmissions.id))
    .limit(1);
  if (!latest) return undefined;
  for (const file of latest.files as StoredFile[]) {
    if (!(await storedFileExists(ctx, file.key))) return undefined;
  }
  return latest;
}

/**
 * The customer's 'Régénérer' after the agency reinstalled a Koza site: Koza writes the site
 * again from the answers and images of the latest questionnaire, without asking them again.
 */
export async function regenerateKozaSite(ctx: Context, order: Order): Promise<void> {
  if (!order.kozaOption) throw forbidden(KOZA_MESSAGES.notPaid);
  const site = await getSite(ctx.db, order.id);
  if (orderStatus(order, site) !== "active") throw conflict(KOZA_MESSAGES.notActive);
  if (site.kozaStatus !== "regenerate") throw conflict(KOZA_MESSAGES.nothingToRegenerate);
  const submission = await keptSubmission(ctx, order.id);
  if (!submission) throw conflict(KOZA_MESSAGES.answersLost);
  if (!(await claimKozaRun(ctx.db, order.id, "regenerate"))) throw conflict(KOZA_MESSAGES.alreadyRunning);
  // 'Régénérer' asks for new words; only a retry of the same run reuses the kept ones.
  await setKozaSubmissionContent(ctx.db, submission.id, null);
  try {
    await ctx.queue.send(generateKozaSiteJob, { orderId: order.id, submissionId: submission.id });
  } catch (err) {
    await updateSite(ctx.db, order.id, { kozaStatus: "regenerate" });
    throw err;
  }
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "koza",
    details: "Régénération Koza demandée à partir des réponses conservées : génération lancée.",
  });
}
