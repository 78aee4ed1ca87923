import { type BookingSettings, minutesOf } from "@lagon/contracts/booking";
import { addDays, wallClock, weekdayOf, zonedInstant } from "./zoned-time.ts";

/** A time taken by a booking: no slot may overlap it. */
export interface Busy {
  startsAt: Date;
  endsAt: Date;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/** How often slots start: every service's length up to half an hour, then every half hour. */
export function slotStep(minutes: number): number {
  return Math.min(minutes, 30);
}

/** The day's open stretches in minutes since midnight: opening to closing, less the breaks. */
export function openStretches(settings: BookingSettings, date: string): [number, number][] {
  if (settings.days_off.includes(date)) return [];
  const day = settings.week[weekdayOf(date)];
  if (!day) return [];
  const stretches: [number, number][] = [];
  let from = minutesOf(day.open);
  const breaks = [...day.breaks].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (const b of breaks) {
    stretches.push([from, minutesOf(b.start)]);
    from = Math.max(from, minutesOf(b.end));
  }
  stretches.push([from, minutesOf(day.close)]);
  return stretches.filter(([a, b]) => b > a);
}

/**
 * The free slots of one day (its date on the business's clock) for a service of `minutes`: inside
 * the opening hours, outside breaks and days off, starting no sooner than the minimum notice after
 * `now`, overlapping no busy time, and within the booking horizon.
 */
export function daySlots(
  settings: BookingSettings,
  date: string,
  minutes: number,
  busy: Busy[],
  now: Date,
): Slot[] {
  const earliest = now.getTime() + settings.min_notice_minutes * 60_000;
  const today = wallClock(now, settings.time_zone).date;
  if (date < today || date > addDays(today, settings.horizon_days)) return [];
  const step = slotStep(minutes);
  const slots: Slot[] = [];
  for (const [open, close] of openStretches(settings, date)) {
    for (let start = open; start + minutes <= close; start += step) {
      const startsAt = zonedInstant(date, start, settings.time_zone);
      const endsAt = zonedInstant(date, start + minutes, settings.time_zone);
      // A time a change of clock skips does not exist: no slot there.
      if (!startsAt || !endsAt || startsAt.getTime() < earliest) continue;
      if (busy.some((b) => b.startsAt < endsAt && startsAt < b.endsAt)) continue;
      slots.push({ startsAt, endsAt });
    }
  }
  return slots;
}

/** Whether `startsAt` is one of the free slots of its day for a service of `minutes`. */
export function isFreeSlot(
  settings: BookingSettings,
  startsAt: Date,
  minutes: number,
  busy: Busy[],
  now: Date,
): boolean {
  const { date } = wallClock(startsAt, settings.time_zone);
  return daySlots(settings, date, minutes, busy, now).some(
    (s) => s.startsAt.getTime() === startsAt.getTime(),
  );
}
