import { formatBytes } from "@lagon/contracts/backups";
import { siteDiskMb } from "@lagon/contracts/plans";
import { and, arrayContains, eq, not } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { type Order, orders, type Site, sites, subscriptions } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { applyPlanDisk } from "../kits/plan-disk.ts";
import { giveContactFormOwnersVoice } from "../koza/contact-form-voice.ts";
import { liveSite } from "../maintenance/versions.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { addContactForm } from "../site-mail/add-contact-form.ts";
import { configureSiteMail } from "../site-mail/site-mail.ts";
import { PRODUCT_FILES_UPGRADE, refreshProductFiles } from "./product-files.ts";
import { addSiteUpgrade } from "./sites-table.ts";

/**
 * One-time upgrades of existing sites (decision 0072): what a site made before a feature existed
 * gets once, recorded by name in `sites.upgrades`. A fresh install has them all (provisioning
 * records every name). Each upgrade is idempotent: a run cut short is simply run again. Names of
 * upgrades no longer listed (an older product-files version) stay recorded, unused.
 */
export interface SiteUpgrade {
  name: string;
  /** Does the work on a live site and answers a French line for the order's logs; throws to retry later. */
  run(ctx: Context, order: Order, site: Site): Promise<string>;
}

export const SITE_UPGRADES: SiteUpgrade[] = [
  // The product's mu-plugins at their current versions (decision 0076): first, later upgrades use them.
  { name: PRODUCT_FILES_UPGRADE, run: refreshProductFiles },
  // Sites made before issue 25 item 6 (stop 31): mail settings and the Contact page's form.
  { name: "contact-form", run: addContactForm },
  // Sites set up before the mail host took logins over STARTTLS only (decision 0083).
  { name: "mail-starttls", run: configureSiteMail },
  // Koza sites of one person made before their contact form could say "je" (decisions 0085, 0091).
  { name: "contact-form-voice", run: (ctx, order) => giveContactFormOwnersVoice(ctx, order) },
  // Sites made before the disk allowance followed the plan (decision 0095): their plan's size.
  { name: "plan-disk", run: planDiskUpgrade },
];

async function planDiskUpgrade(ctx: Context, order: Order, site: Site): Promise<string> {
  const over = await applyPlanDisk(ctx.wordpress.hostFor(site), site, order.subdomain, order.planId);
  const mb = siteDiskMb(order.planId);
  return (
    over ??
    `Espace disque du site : ${mb === undefined ? "celui de l'hébergement" : formatBytes(mb * 1024 * 1024)}, selon l'offre.`
  );
}

export const SITE_UPGRADE_NAMES = SITE_UPGRADES.map((upgrade) => upgrade.name);

/**
 * Runs every upgrade a site lacks, in order; one that fails stays to do (logged for the agency),
 * and so do the ones after it, which may rely on it.
 */
export async function upgradeSite(ctx: Context, order: Order, site: Site): Promise<number> {
  let done = 0;
  for (const upgrade of SITE_UPGRADES) {
    if (site.upgrades.includes(upgrade.name)) continue;
    try {
      const line = await upgrade.run(ctx, order, site);
      await addSiteUpgrade(ctx.db, order.id, upgrade.name);
      await addOrderLog(ctx.db, order.id, { level: "info", action: "upgrade", details: line });
      done++;
    } catch (err) {
      ctx.log.warn({ err, orderId: order.id, upgrade: upgrade.name }, "site upgrade not done, retried later");
      break;
    }
  }
  return done;
}

/** Hourly: the live sites that lack an upgrade get it (at most a few REST calls each, once). */
export const upgradeSitesJob = defineJob({
  name: "upgrade-sites",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 600,
  expireInSeconds: 3600,
  cron: () => "41 * * * *",
  async handle(_payload, ctx) {
    const rows = await ctx.db
      .select({ order: orderColumns, site: sites })
      .from(orders)
      .innerJoin(sites, eq(sites.orderId, orders.id))
      .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
      .where(and(liveSite, not(arrayContains(sites.upgrades, SITE_UPGRADE_NAMES))));
    let done = 0;
    for (const { order, site } of rows) done += await upgradeSite(ctx, order, site);
    ctx.log.info({ sites: rows.length, done }, "site upgrades");
  },
});

/** A fresh install is made with every upgrade in it. */
export const freshSiteUpgrades = (): Pick<Site, "upgrades"> => ({ upgrades: [...SITE_UPGRADE_NAMES] });
