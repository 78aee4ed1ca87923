import { VISIT_PERIODS, type VisitGrain } from "@lagon/contracts/visits";
import type { VisitCount, VisitSeries } from "@lagon/contracts/visits-schemas";
import type { SiteVisitDay } from "../db/schema.ts";
import { addDays } from "./read-site-visits.ts";

/**
 * Days of visit figures summed by day, week or month (pure): the order page's charts and the
 * WordPress dashboard's widget.
 */

/** The first day of the period of `grain` that holds `day` (weeks start on Monday). */
export function periodStart(grain: VisitGrain, day: string): string {
  if (grain === "day") return day;
  if (grain === "month") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day each view shows: 30 days, 13 weeks, 13 months back, today's period included. */
export function firstShown(grain: VisitGrain, today: string): string {
  const n = VISIT_PERIODS[grain];
  if (grain === "day") return addDays(today, -(n - 1));
  if (grain === "week") return addDays(periodStart("week", today), -7 * (n - 1));
  const [year, month] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - (n - 1), 1));
  return first.toISOString().slice(0, 10);
}

function top(lists: VisitCount[][]): VisitCount[] {
  const sum = new Map<string, VisitCount>();
  for (const list of lists) {
    for (const [name, visitors, hits] of list) {
      const [, v, h] = sum.get(name) ?? [name, 0, 0];
      sum.set(name, [name, v + visitors, h + hits]);
    }
  }
  return [...sum.values()]
    .sort((a, b) => b[1] - a[1] || b[2] - a[2] || a[0].localeCompare(b[0]))
    .slice(0, 10);
}

/** One view: every period from the first shown to today's (empty ones at zero), and their sums. */
export function visitSeries(grain: VisitGrain, days: SiteVisitDay[], today: string): VisitSeries {
  const first = firstShown(grain, today);
  const shown = days.filter((d) => d.day >= first && d.day <= today);
  const periods = new Map<string, { start: string; visitors: number; page_views: number }>();
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const start = periodStart(grain, day);
    if (!periods.has(start)) periods.set(start, { start, visitors: 0, page_views: 0 });
  }
  for (const d of shown) {
    const period = periods.get(periodStart(grain, d.day));
    if (!period) continue;
    period.visitors += d.visitors;
    period.page_views += d.pageViews;
  }
  return {
    grain,
    periods: [...periods.values()],
    visitors: shown.reduce((n, d) => n + d.visitors, 0),
    page_views: shown.reduce((n, d) => n + d.pageViews, 0),
    pages: top(shown.map((d) => d.pages)),
    referrers: top(shown.map((d) => d.referrers)),
    devices: top(shown.map((d) => d.devices)),
  };
}
