import { z } from "zod";
import { VISIT_GRAINS } from "./visits.ts";

/** One page, referring site or kind of device: its name, visitors and hits. */
export const VisitCount = z.tuple([
  z.string(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
]);
export type VisitCount = z.infer<typeof VisitCount>;

/** One day, week (from Monday) or month of a site's visits; `start` is its first day, YYYY-MM-DD. */
export const VisitPeriod = z.object({
  start: z.string(),
  visitors: z.number().int().nonnegative(),
  page_views: z.number().int().nonnegative(),
});
export type VisitPeriod = z.infer<typeof VisitPeriod>;

/** The visits of the last 30 days, 13 weeks or 13 months, with what they add up to. */
export const VisitSeries = z.object({
  grain: z.enum(VISIT_GRAINS),
  periods: z.array(VisitPeriod),
  visitors: z.number().int().nonnegative(),
  page_views: z.number().int().nonnegative(),
  /** Most visited first, at most 10 of each. */
  pages: z.array(VisitCount),
  referrers: z.array(VisitCount),
  devices: z.array(VisitCount),
});
export type VisitSeries = z.infer<typeof VisitSeries>;

/** GET /api/order/{id}/visits?token= : the order page's "Statistiques de visite". */
export const VisitsView = z.discriminatedUnion("included", [
  /** Not in the site's plan (Starter, Libre): the page says what Business gives, with no figure. */
  z.object({ included: z.literal(false) }),
  z.object({
    included: z.literal(true),
    /** When the site's visit log was last read; null before the first time. */
    analysed_at: z.string().nullable(),
    /** A reading of the log is queued or running: ask again in a few seconds. */
    refreshing: z.boolean(),
    /**
     * Distinct visitors of the last 7 and 30 days, today included: one who comes back on another
     * day counts once (the series count a visitor once a day, so their sums count them again).
     */
    distinct_visitors: z.object({
      last_7_days: z.number().int().nonnegative(),
      last_30_days: z.number().int().nonnegative(),
    }),
    series: z.array(VisitSeries),
  }),
]);
export type VisitsView = z.infer<typeof VisitsView>;
