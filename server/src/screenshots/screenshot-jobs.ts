import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orders, sites } from "../db/schema.ts";
import { listed } from "../directory/list-directory.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { directoryOrder } from "../sites/sites-table.ts";
import { forgetUnlistedScreenshots, screenshotSite } from "./site-screenshot.ts";

/** One site's directory screenshot, one browser at a time in each worker (concurrency 1). */
export const screenshotSiteJob = defineJob({
  name: "screenshot-site",
  payload: z.object({ orderId: z.uuid() }),
  // A site down for a moment is tried again a little later; after that the weekly pass will.
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 600,
  concurrency: 1,
  handle: async ({ orderId }, ctx, job) => {
    try {
      if (await screenshotSite(ctx, orderId)) ctx.log.info({ orderId }, "site screenshot taken");
    } catch (err) {
      ctx.log.warn({ err, orderId, attempt: job.retryCount + 1 }, "site screenshot failed");
      throw err;
    }
  },
});

/**
 * Queues a new screenshot of the site, a few seconds from now: it went live in the directory,
 * or changed (Koza, reinstall, restore, update, domain). Not listed, it is skipped when the job runs.
 */
export async function queueScreenshot(
  ctx: Pick<Context, "queue">,
  orderId: string,
  afterSeconds = 5,
): Promise<void> {
  await ctx.queue.send(
    screenshotSiteJob,
    { orderId },
    { singletonKey: `screenshot-site:${orderId}`, singletonSeconds: 30, startAfterSeconds: afterSeconds },
  );
}

/**
 * The weekly pass spaces its screenshots out (a few seconds each): jobs due long ago and still
 * waiting would make the health check say no worker is running.
 */
export const WEEKLY_SPACING_SECONDS = 20;

/** Weekly (SCREENSHOT_SCHEDULE): every listed site is shot again; the unlisted lose theirs. */
export const screenshotSitesJob = defineJob({
  name: "screenshot-sites",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 600,
  expireInSeconds: 600,
  cron: (ctx) => (ctx.config.SCREENSHOT_SCHEDULE === "off" ? undefined : ctx.config.SCREENSHOT_SCHEDULE),
  handle: async (_payload, ctx) => {
    const forgotten = await forgetUnlistedScreenshots(ctx);
    // The directory's order: its first page is shot first.
    const listedSites = await ctx.db
      .select({ id: sites.orderId })
      .from(sites)
      .innerJoin(orders, eq(orders.id, sites.orderId))
      .where(listed)
      .orderBy(...directoryOrder);
    for (const [i, site] of listedSites.entries()) {
      await queueScreenshot(ctx, site.id, 5 + i * WEEKLY_SPACING_SECONDS);
    }
    ctx.log.info({ queued: listedSites.length, forgotten }, "site screenshots queued");
  },
});
