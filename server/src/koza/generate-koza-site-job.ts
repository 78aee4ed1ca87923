import { KozaData } from "@lagon/contracts/koza-schemas";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { type KozaSubmission, kozaSubmissions } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { claimOrderLease } from "../jobs/order-lease.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { findOrder } from "../orders/orders-table.ts";
import { queueScreenshot } from "../screenshots/screenshot-jobs.ts";
import { siteUrlOf } from "../sites/site-of.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { buildKozaSite } from "./build-koza-site.ts";
import { setKozaSubmissionContent } from "./koza-submissions-table.ts";
import { pageList } from "./page-blocks.ts";
import { SiteContent } from "./site-content.ts";
import { createImageMaker } from "./site-images.ts";
import { createSiteWriter } from "./site-writer.ts";
import type { StoredFile } from "./submit-koza-questionnaire.ts";

/**
 * Writes the customer's 5-page site from one questionnaire. Retried with backoff (each step of
 * the build can run again, and the words written are kept: a retry does not ask the writer
 * again); after the last attempt Koza is in error and the agency is alerted.
 */
export const generateKozaSiteJob = defineJob({
  name: "generate-koza-site",
  payload: z.object({ orderId: z.uuid(), submissionId: z.number().int() }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  // A real language model can take a quarter of an hour; a dead worker is found by its lease.
  expireInSeconds: 3600,
  async handle({ orderId, submissionId }, ctx, job) {
    const order = await findOrder(ctx.db, orderId);
    const [submission] = await ctx.db
      .select()
      .from(kozaSubmissions)
      .where(eq(kozaSubmissions.id, submissionId));
    // Nothing to do if an admin reset Koza meanwhile, or if this run belongs to another order.
    const { kozaStatus } = await getSite(ctx.db, orderId);
    if (!order || kozaStatus !== "processing" || submission?.orderId !== orderId) return;
    // One run at a time on a site: another worker, or a reinstall, waits for the next attempt.
    const lease = await claimOrderLease(ctx, orderId, job);
    if (!lease) throw new Error("Le site est occupé par une autre opération.");
    const started = performance.now();
    try {
      const data = KozaData.parse(submission.data);
      const { text, kept } = await siteText(ctx, submission, data);
      let imagesFallback: string | undefined;
      const makeImage = createImageMaker(ctx.config, data, (reason) => {
        imagesFallback = reason;
        ctx.log.warn({ orderId, reason }, "Koza images API failed: embedded illustrations used");
      });
      const built = await buildKozaSite(
        ctx,
        order,
        { id: submission.id, data, files: submission.files as StoredFile[] },
        text,
        makeImage,
      );
      if (imagesFallback) {
        await addOrderLog(ctx.db, orderId, {
          level: "warning",
          action: "koza",
          details: `Service d'images IA indisponible (${imagesFallback}) : illustrations intégrées utilisées.`,
        });
      }
      await updateSite(ctx.db, orderId, { kozaStatus: "completed" });
      await queueScreenshot(ctx, orderId);
      await addOrderLog(ctx.db, orderId, {
        level: "info",
        action: "koza",
        details: `Site Koza généré : ${built.pages.length} pages, ${built.photos} photo(s) du client, ${built.images} image(s) créée(s) (${Math.round(performance.now() - started)} ms)${kept ? " ; textes repris d'une tentative précédente, sans les redemander" : ""}.`,
      });
      await queueEmail(ctx, {
        template: "koza_ready",
        to: order.customerEmail,
        orderId,
        vars: {
          customer_name: order.customerName,
          business_name: data.businessName,
          pages: pageList(built.pages),
          site_url: await siteUrlOf(ctx, order),
          magic_link: magicLinkUrl(ctx, order),
        },
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.retryCount >= job.retryLimit;
      await addOrderLog(ctx.db, orderId, {
        level: final ? "error" : "warning",
        action: "koza",
        details: final
          ? `Échec de la génération Koza : ${message}`
          : `Génération Koza, tentative ${job.retryCount + 1} échouée (${message}) : nouvel essai.`,
      });
      if (final) {
        await updateSite(ctx.db, orderId, { kozaStatus: "error" });
        await queueEmail(ctx, {
          template: "koza_failed_agency",
          to: ctx.config.AGENCY_EMAIL,
          orderId,
          vars: {
            order_id: orderId,
            subdomain: order.subdomain,
            customer_email: order.customerEmail,
            error: message,
            admin_url: `${ctx.config.PUBLIC_URL}/admin`,
          },
        });
      }
      throw err;
    } finally {
      await lease.release();
    }
  },
});

/**
 * The words of the site for this questionnaire: those an earlier attempt wrote and kept, or
 * written now and kept at once, before the build that may fail. A kept text that no longer fits
 * the expected shape is written again.
 */
async function siteText(
  ctx: Pick<Context, "config" | "db">,
  submission: KozaSubmission,
  data: KozaData,
): Promise<{ text: SiteContent; kept: boolean }> {
  const kept = SiteContent.safeParse(submission.content);
  if (kept.success) return { text: kept.data, kept: true };
  const text = await createSiteWriter(ctx.config)(data);
  await setKozaSubmissionContent(ctx.db, submission.id, text);
  return { text, kept: false };
}
