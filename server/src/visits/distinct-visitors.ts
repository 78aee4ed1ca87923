import { and, eq, gte, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, siteVisitVisitors } from "../db/schema.ts";
import { addDays, KEEP_KEYS_DAYS } from "./read-site-visits.ts";

/**
 * The distinct visitors of the last 7 and 30 days, today included (decision 0086): a visitor who
 * comes back on another day counts once, as the keys of each day tell them apart.
 */
export async function distinctVisitors(
  ctx: Pick<Context, "db">,
  order: Pick<Order, "id">,
  today: string,
): Promise<{ last_7_days: number; last_30_days: number }> {
  const key = sql`k.key`;
  const [counts] = await ctx.db
    .select({
      week: sql<number>`count(distinct ${key}) filter (where ${siteVisitVisitors.day} >= ${addDays(today, -6)})`.mapWith(
        Number,
      ),
      month: sql<number>`count(distinct ${key})`.mapWith(Number),
    })
    .from(sql`${siteVisitVisitors} cross join unnest(${siteVisitVisitors.keys}) as k(key)`)
    .where(
      and(
        eq(siteVisitVisitors.orderId, order.id),
        gte(siteVisitVisitors.day, addDays(today, -(KEEP_KEYS_DAYS - 1))),
      ),
    );
  return { last_7_days: counts?.week ?? 0, last_30_days: counts?.month ?? 0 };
}
