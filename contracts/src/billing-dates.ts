// The date rules of subscriptions, pure and shared: the server bills with them, the order page
// shows the cancellation date they give before the customer confirms. Months are counted on La
// Réunion's wall clock (UTC+4, no daylight saving): a subscription taken on 1 February at 2 a.m.
// in Saint-Denis renews on the 1st, even though it was still 31 January in UTC.

//
// Stripe counts its months in UTC instead: with Stripe, the dates come from its calendar
// (STRIPE_CALENDAR) so that a cancellation falls exactly on one of its period ends.

/** La Réunion's offset from UTC, the calendar of the offline billing. */
export const REUNION_CALENDAR = 4 * 60 * 60 * 1000;
/** Stripe's calendar: months counted in UTC from the subscription's billing_cycle_anchor. */
export const STRIPE_CALENDAR = 0;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The notice of the plans: a cancellation takes effect at the end of the period holding today + 30 days. */
export const CANCELLATION_NOTICE_DAYS = 30;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * `anchor` plus `months` months on La Réunion's calendar (or `calendar`'s), at the same time of
 * day. A day the target month lacks becomes its last day (31 January + 1 month = 28 or 29
 * February), and the next months start again from the anchor's day (31 January + 2 months = 31 March).
 */
export function addMonths(anchor: Date, months: number, calendar = REUNION_CALENDAR): Date {
  const local = new Date(anchor.getTime() + calendar);
  const monthIndex = local.getUTCFullYear() * 12 + local.getUTCMonth() + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const day = Math.min(local.getUTCDate(), daysInMonth(year, month));
  const shifted = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - calendar);
}

/**
 * The end of the billing period that holds `at`: the first renewal date of a subscription
 * anchored at `anchor` that comes strictly after `at` (a period is [start, end)).
 */
export function periodEndAfter(anchor: Date, at: Date, calendar = REUNION_CALENDAR): Date {
  // Months between the two, give or take one; then step to the exact one.
  const local = (d: Date) => new Date(d.getTime() + calendar);
  const a = local(anchor);
  const b = local(at);
  let k = Math.max(1, (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() - 1);
  while (addMonths(anchor, k, calendar).getTime() <= at.getTime()) k++;
  while (k > 1 && addMonths(anchor, k - 1, calendar).getTime() > at.getTime()) k--;
  return addMonths(anchor, k, calendar);
}

/**
 * When a cancellation asked at `now` takes effect (Code de la consommation L215-1-1 and the
 * plans' 30-day notice): the end of the billing period that holds now + 30 days.
 */
export function cancellationEffectiveDate(anchor: Date, now: Date, calendar = REUNION_CALENDAR): Date {
  return periodEndAfter(anchor, new Date(now.getTime() + CANCELLATION_NOTICE_DAYS * DAY_MS), calendar);
}

/**
 * What an upgrade charges now, taxes included: the price difference for the share of the
 * current period that is left, rounded to the cent. Nothing for a downgrade or the same price.
 */
export function prorationCents(
  fromCents: number,
  toCents: number,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): number {
  const length = periodEnd.getTime() - periodStart.getTime();
  if (toCents <= fromCents || length <= 0) return 0;
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), length);
  return Math.round(((toCents - fromCents) * left) / length);
}

/** Whole days from `now` until `then` on the calendar (rounded up): 1 means "tomorrow or sooner". */
export function daysUntil(now: Date, then: Date): number {
  return Math.ceil((then.getTime() - now.getTime()) / DAY_MS);
}
