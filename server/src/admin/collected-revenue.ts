import { AGENCY_TIME_ZONE, formatIsoDate } from "@lagon/contracts/french-date";
import { sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { invoices } from "../db/schema.ts";

export const SERIES_MONTHS = 12;

export interface CollectedRevenue {
  /** Every invoice less every credit note, HT. */
  totalCents: number;
  /** The last SERIES_MONTHS calendar months on La Réunion's clock, oldest first, `now`'s last. */
  series: { month: string; cents: number }[];
}

/**
 * The money collected, HT, from our own invoices (docs/operations/invoices.md): each invoice
 * counts in the month it was paid, each credit note (negative) in the month it was refunded, so
 * Koza, renewals, prorations and coupons count as billed and refunds come off when made. One
 * pass over the invoices, grouped by month: a month holds one row however many invoices it has.
 */
export async function collectedRevenue(ctx: Pick<Context, "db">, now: Date): Promise<CollectedRevenue> {
  const month = sql`to_char(${invoices.paidAt} at time zone ${sql.raw(`'${AGENCY_TIME_ZONE}'`)}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({ month: month.mapWith(String), cents: sql`sum(${invoices.netCents})`.mapWith(Number) })
    .from(invoices)
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, r.cents]));
  return {
    totalCents: rows.reduce((sum, r) => sum + r.cents, 0),
    series: lastMonths(now, SERIES_MONTHS).map((m) => ({ month: m, cents: byMonth.get(m) ?? 0 })),
  };
}

/** "2026-11" and the `count - 1` months before it on La Réunion's calendar, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = formatIsoDate(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const back = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, "0")}`;
  });
}
