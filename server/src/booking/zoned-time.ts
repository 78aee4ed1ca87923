/**
 * Wall-clock times of a named time zone, with Intl only (no library): a business's "9:00 on
 * 30 March" is a different instant in Paris before and after the change to summer time.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `timeZone` at `instant`: date YYYY-MM-DD and minutes since midnight. */
export function wallClock(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Minutes `timeZone` is ahead of UTC at `instant` (240 in La Réunion, 60 or 120 in Paris). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const { date, minutes } = wallClock(instant, timeZone);
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant the wall clock of `timeZone` shows `minutes` after midnight on `date`; null when
 * that time does not exist there (skipped by a change to summer time).
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date | null {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  let instant = new Date(naive - offsetMinutes(new Date(naive), timeZone) * 60_000);
  // Near a change the first guess's offset may be the other one: one more pass settles it.
  instant = new Date(naive - offsetMinutes(instant, timeZone) * 60_000);
  const back = wallClock(instant, timeZone);
  return back.date === date && back.minutes === minutes ? instant : null;
}

/** The date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Monday 0 … Sunday 6 of a date (YYYY-MM-DD). */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}
