/**
 * Dates of the booking block on the business's own clock (its time zone may not be La Réunion's).
 * Intl is used here only once the bookings are loaded, never on the page's first paint.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("fr-FR", { timeZone, ...options });
    formats.set(key, f);
  }
  return f;
}

/** "08:30" */
export const clockOf = (iso: string, timeZone: string) =>
  format(timeZone, { hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

/** "mardi 1 décembre" */
export const dayNameOf = (iso: string, timeZone: string) =>
  format(timeZone, { weekday: "long", day: "numeric", month: "long" }).format(new Date(iso));

/** The date YYYY-MM-DD of an instant on the business's clock. */
export function dateOf(iso: string | Date, timeZone: string): string {
  const parts = format(timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    new Date(iso),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** YYYY-MM-DD `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week of `date`. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** "1 déc." of a YYYY-MM-DD date, weekday first: "lun. 30 nov." */
export function shortDay(date: string): string {
  return format("UTC", { weekday: "short", day: "numeric", month: "short" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
