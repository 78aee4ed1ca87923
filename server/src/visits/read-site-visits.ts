import { createHmac } from "node:crypto";
import { formatIsoDate } from "@lagon/contracts/french-date";
import { and, asc, eq, gte, isNull, lt } from "drizzle-orm";
import type { Context } from "../context.ts";
import {
  customDomains,
  type Order,
  siteVisitAnalyses,
  siteVisitDays,
  siteVisitVisitors,
} from "../db/schema.ts";
import { siteHostOf } from "../sites/site-of.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { analyseDay, splitByDay, visitorKeys } from "./goaccess.ts";

/** Figures and logs are kept this long: 13 months (the CNIL's limit for audience measurement). */
export const KEEP_DAYS = 396;

/** The day `days` days after `day` (YYYY-MM-DD; before it when negative). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Visitor keys are kept this long: the longest window counted distinct, the last 30 days. */
export const KEEP_KEYS_DAYS = 30;

/**
 * Reads the site's visit log from the first day whose figures are not final yet (or, within the
 * last 30 days, whose visitor keys are missing), counts each day with GoAccess and records it (a
 * day is final once it is over). Answers the days counted.
 */
export async function readSiteVisits(
  ctx: Pick<Context, "config" | "db" | "wordpress">,
  order: Order,
  now = new Date(),
): Promise<number> {
  const today = formatIsoDate(now);
  const [analysis] = await ctx.db
    .select()
    .from(siteVisitAnalyses)
    .where(eq(siteVisitAnalyses.orderId, order.id));
  const next = analysis?.completeThrough ? addDays(analysis.completeThrough, 1) : addDays(today, -KEEP_DAYS);
  const since = [next, await firstDayWithoutKeys(ctx, order, today)].filter(Boolean).sort()[0] as string;
  const host = await siteHostOf(ctx, order.id);
  const log = await host.visitLog(order.subdomain, since);
  return recordVisitLog(ctx, order, log, { since, now, own: await ownHosts(ctx, order, host) });
}

/**
 * Records what GoAccess makes of a site's log, day by day, from `since` to today: the day's
 * figures, and its visitor keys when the day is one of the last 30. Answers the days counted.
 */
export async function recordVisitLog(
  ctx: Pick<Context, "db" | "config">,
  order: Order,
  log: string,
  { since, now, own }: { since: string; now: Date; own: Set<string> },
): Promise<number> {
  const today = formatIsoDate(now);
  const firstKept = addDays(today, -(KEEP_KEYS_DAYS - 1));
  const key = visitorKeys(siteVisitorSecret(ctx, order));
  const days = splitByDay(log);
  for (const [day, lines] of days) {
    if (day < since || day > today) continue;
    const { visitorKeys: keys, ...figures } = await analyseDay(day, lines, key);
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
    if (day < firstKept) continue;
    await ctx.db
      .insert(siteVisitVisitors)
      .values({ orderId: order.id, day, keys })
      .onConflictDoUpdate({ target: [siteVisitVisitors.orderId, siteVisitVisitors.day], set: { keys } });
  }
  const completeThrough = addDays(today, -1);
  await ctx.db
    .insert(siteVisitAnalyses)
    .values({ orderId: order.id, analysedAt: now, completeThrough })
    .onConflictDoUpdate({ target: siteVisitAnalyses.orderId, set: { analysedAt: now, completeThrough } });
  await ctx.db
    .delete(siteVisitVisitors)
    .where(and(eq(siteVisitVisitors.orderId, order.id), lt(siteVisitVisitors.day, firstKept)));
  return days.size;
}

/** The site's own key for its visitors, from SECRET_KEY: not in the database, not shared by two sites. */
function siteVisitorSecret(ctx: Pick<Context, "config">, order: Order): Buffer {
  return createHmac("sha256", ctx.config.SECRET_KEY).update(`site-visitors:${order.id}`).digest();
}

/**
 * The first of the last 30 days that has figures but no visitor keys (read before keys were
 * kept): read again once, so the distinct counts cover whole windows. Null when there is none.
 */
export async function firstDayWithoutKeys(
  ctx: Pick<Context, "db">,
  order: Order,
  today: string,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ day: siteVisitDays.day })
    .from(siteVisitDays)
    .leftJoin(
      siteVisitVisitors,
      and(eq(siteVisitVisitors.orderId, siteVisitDays.orderId), eq(siteVisitVisitors.day, siteVisitDays.day)),
    )
    .where(
      and(
        eq(siteVisitDays.orderId, order.id),
        gte(siteVisitDays.day, addDays(today, -(KEEP_KEYS_DAYS - 1))),
        isNull(siteVisitVisitors.day),
      ),
    )
    .orderBy(asc(siteVisitDays.day))
    .limit(1);
  return row?.day ?? null;
}

/** The site's own names: a visitor going from one of its pages to another comes from nowhere. */
async function ownHosts(ctx: Pick<Context, "db">, order: Order, host: WordPressHost): Promise<Set<string>> {
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

/** Figures older than 13 months go (their logs went with visits-prune on each host), keys older than 30 days. */
export async function forgetOldVisits(ctx: Pick<Context, "db">, now = new Date()): Promise<void> {
  const oldest = addDays(formatIsoDate(now), -KEEP_DAYS);
  await ctx.db.delete(siteVisitDays).where(lt(siteVisitDays.day, oldest));
  const firstKept = addDays(formatIsoDate(now), -(KEEP_KEYS_DAYS - 1));
  await ctx.db.delete(siteVisitVisitors).where(lt(siteVisitVisitors.day, firstKept));
}
