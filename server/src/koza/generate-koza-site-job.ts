import { KozaData } from "@lagon/contracts/koza";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { kozaSubmissions, orders } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { buildKozaSite, type StoredFile } from "./build-koza-site.ts";
import { createSiteWriter } from "./site-writer.ts";

/** Writes the customer's 5-page site from their latest questionnaire; retried, then reported. */
export const generateKozaSiteJob = defineJob({
  name: "generate-koza-site",
  payload: z.object({ orderId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 600,
  async handle({ orderId }, ctx, job) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const [submission] = await ctx.db
      .select()
      .from(kozaSubmissions)
      .where(eq(kozaSubmissions.orderId, orderId))
      .orderBy(desc(kozaSubmissions.id))
      .limit(1);
    if (!order || !submission || order.kozaStatus !== "processing") return;
    const started = performance.now();
    try {
      const data = KozaData.parse(submission.data);
      const text = await createSiteWriter(ctx.config)(data);
      await buildKozaSite(ctx, order, data, text, submission.files as StoredFile[]);
      await ctx.db.update(orders).set({ kozaStatus: "completed" }).where(eq(orders.id, orderId));
      await addOrderLog(ctx.db, orderId, {
        level: "info",
        action: "koza",
        details: `Site Koza généré : 5 pages (${Math.round(performance.now() - started)} ms).`,
      });
      await queueEmail(ctx, {
        template: "koza_ready",
        to: order.customerEmail,
        orderId,
        vars: {
          customer_name: order.customerName,
          business_name: data.businessName,
          site_url: ctx.wordpress.siteUrl(order.subdomain),
          magic_link: magicLinkUrl(ctx, order),
        },
      });
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      const final = job.retryCount >= job.retryLimit;
      await addOrderLog(ctx.db, orderId, {
        level: final ? "error" : "warning",
        action: "koza",
        details: final
          ? `Échec de la génération Koza : ${message}`
          : `Génération Koza : nouvelle tentative (${message})`,
      });
      if (final) {
        await ctx.db.update(orders).set({ kozaStatus: "error" }).where(eq(orders.id, orderId));
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
    }
  },
});
