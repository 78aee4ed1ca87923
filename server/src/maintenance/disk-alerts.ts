import { formatBytes } from "@lagon/contracts/backups";
import { z } from "zod";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { planName } from "../orders/order-view.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import type { SiteDiskUsage, WordPressHost } from "../wordpress/wordpress-host.ts";
import { alertAgency } from "./alerts.ts";
import { liveSites } from "./versions.ts";

/** The share of its allowance at which a site's customer and the agency are told (decision 0071). */
export const DISK_ALERT_SHARE = 0.9;
/** Back under this share, the next crossing is told again (no e-mail each hour around 90 %). */
export const DISK_REARM_SHARE = 0.8;

/** Reads every site's disk usage (DISK_ALERT_SCHEDULE, hourly by default) and tells each crossing. */
export const diskAlertsJob = defineJob({
  name: "disk-alerts",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 1800,
  cron: (ctx) => (ctx.config.DISK_ALERT_SCHEDULE === "off" ? undefined : ctx.config.DISK_ALERT_SCHEDULE),
  handle: async (_payload, ctx) => {
    const { alerted } = await checkDiskUsage(ctx);
    if (alerted > 0) ctx.log.warn({ alerted }, "disk: sites near their allowance");
  },
});

/**
 * One e-mail to the customer and one to the agency when a live site reaches 90 % of its disk
 * allowance; none again until it has gone back under 80 %.
 */
export async function checkDiskUsage(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress" | "log">,
  now = () => new Date(),
): Promise<{ alerted: number }> {
  const usageOf = new Map<WordPressHost, Promise<Map<string, SiteDiskUsage>>>();
  let alerted = 0;
  for (const order of await liveSites(ctx)) {
    const site = await getSite(ctx.db, order.id);
    const host = ctx.wordpress.hostFor(site);
    if (!usageOf.has(host)) {
      usageOf.set(
        host,
        host
          .diskUsage()
          .then((rows) => new Map(rows.map((row) => [row.subdomain, row])))
          .catch((err) => {
            ctx.log.error({ err }, "disk: usage unavailable");
            return new Map();
          }),
      );
    }
    const usage = (await usageOf.get(host))?.get(order.subdomain);
    if (!usage || usage.limitBytes <= 0) continue;
    const { usedBytes, limitBytes } = usage;
    await updateSite(ctx.db, order.id, { diskUsage: { usedBytes, limitBytes, at: now().toISOString() } });
    const share = usedBytes / limitBytes;
    if (share >= DISK_ALERT_SHARE && !site.diskAlertAt) {
      await alert(ctx, order, usage, ctx.wordpress.siteUrl(order.subdomain, site));
      await updateSite(ctx.db, order.id, { diskAlertAt: now() });
      alerted++;
    } else if (share < DISK_REARM_SHARE && site.diskAlertAt) {
      await updateSite(ctx.db, order.id, { diskAlertAt: null });
    }
  }
  return { alerted };
}

async function alert(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress">,
  order: Order,
  usage: SiteDiskUsage,
  siteUrl: string,
): Promise<void> {
  const vars = {
    used: formatBytes(usage.usedBytes),
    limit: formatBytes(usage.limitBytes),
    percent: `${Math.floor((usage.usedBytes / usage.limitBytes) * 100)} %`,
  };
  await queueEmail(ctx, {
    template: "site_disk_nearly_full",
    to: order.customerEmail,
    orderId: order.id,
    vars: {
      customer_name: order.customerName,
      site_url: siteUrl,
      plan_name: planName(order),
      magic_link: magicLinkUrl(ctx, order),
      ...vars,
    },
  });
  await alertAgency(ctx, order, "site_disk_nearly_full_agency", vars);
  await addOrderLog(ctx.db, order.id, {
    level: "warning",
    action: "disk",
    details: `Espace disque à ${vars.percent} (${vars.used} sur ${vars.limit}) : client et agence prévenus.`,
  });
}
