import { formatIsoDate } from "@lagon/contracts/french-date";
import { eq, lt } from "drizzle-orm";
import type { Context } from "../context.ts";
import { customDomains, type Order, siteVisitAnalyses, siteVisitDays } from "../db/schema.ts";
import { siteHostOf } from "../sites/site-of.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { analyseDay, splitByDay } from "./goaccess.ts";

/** Figures and logs are kept this long: 13 months (the CNIL's limit for audience measurement). */
export const KEEP_DAYS = 396;

/** The day `days` days after `day` (YYYY-MM-DD; before it when negative). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Reads the site's visit log from the first day whose figures are not final yet, counts each
 * day with GoAccess and records it (a day is final once it is over). Answers the days counted.
 */
export async function readSiteVisits(ctx: Context, order: Order, now = new Date()): Promise<number> {
  const today = formatIsoDate(now);
  const [analysis] = await ctx.db
    .select()
    .from(siteVisitAnalyses)
    .where(eq(siteVisitAnalyses.orderId, order.id));
  const since = analysis?.completeThrough ? addDays(analysis.completeThrough, 1) : addDays(today, -KEEP_DAYS);
  const host = await siteHostOf(ctx, order.id);
  const log = await host.visitLog(order.subdomain, since);
  const own = await ownHosts(ctx, order, host);
  const days = splitByDay(log);
  for (const [day, lines] of days) {
    if (day < since || day > today) continue;
    const figures = await analyseDay(day, lines);
    const referrers = figures.referrers.filter(([site]) => !own.has(site));
    const row = { ...figures, referrers, orderId: order.id };
    await ctx.db
      .insert(siteVisitDays)
      .values(row)
      .onConflictDoUpdate({
        target: [siteVisitDays.orderId, siteVisitDays.day],
        set: {
          visitors: row.visitors,
          pageViews: row.pageViews,
          pages: row.pages,
          referrers: row.referrers,
          devices: row.devices,
        },
      });
  }
  const completeThrough = addDays(today, -1);
  await ctx.db
    .insert(siteVisitAnalyses)
    .values({ orderId: order.id, analysedAt: now, completeThrough })
    .onConflictDoUpdate({ target: siteVisitAnalyses.orderId, set: { analysedAt: now, completeThrough } });
  return days.size;
}

/** The site's own names: a visitor going from one of its pages to another comes from nowhere. */
async function ownHosts(ctx: Context, order: Order, host: WordPressHost): Promise<Set<string>> {
  const own = new Set([new URL(host.siteUrl(order.subdomain)).host]);
  const domains = await ctx.db
    .select({ domain: customDomains.domain })
    .from(customDomains)
    .where(eq(customDomains.orderId, order.id));
  for (const { domain } of domains)
    own
      .add(new URL(host.domainUrl(domain)).host)
      .add(domain)
      .add(`www.${domain}`);
  return own;
}

/** Figures older than 13 months go (their logs went with visits-prune on each host). */
export async function forgetOldVisits(ctx: Pick<Context, "db">, now = new Date()): Promise<void> {
  const oldest = addDays(formatIsoDate(now), -KEEP_DAYS);
  await ctx.db.delete(siteVisitDays).where(lt(siteVisitDays.day, oldest));
}
