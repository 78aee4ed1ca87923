/** La Réunion's time zone: the agency and most customers live there (UTC+4, no daylight saving). */
export const AGENCY_TIME_ZONE = "Indian/Reunion";

/**
 * The dates below are written without Intl: the first Intl formatter a browser tab creates loads
 * its locale data, 20 to 90 ms of the main thread on page load (decision 0018), for twelve month
 * names. La Réunion has kept UTC+4 without daylight saving since 1911, so its wall clock is UTC
 * shifted by four hours. A test checks every format against Intl's for AGENCY_TIME_ZONE.
 */
const REUNION_OFFSET_MS = 4 * 60 * 60 * 1000;
/** The months' French names, January first. */
export const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** The months' French abbreviations, as Intl writes them (fr-FR, month: "short"). */
export const SHORT_MONTHS = [
  "janv.",
  "févr.",
  "mars",
  "avr.",
  "mai",
  "juin",
  "juil.",
  "août",
  "sept.",
  "oct.",
  "nov.",
  "déc.",
];

type DateInput = Date | string | number;

/** The date's fields on La Réunion's wall clock. */
function reunionClock(d: DateInput) {
  const local = new Date((d instanceof Date ? d : new Date(d)).getTime() + REUNION_OFFSET_MS);
  return {
    day: local.getUTCDate(),
    month: local.getUTCMonth(),
    year: local.getUTCFullYear(),
    hours: local.getUTCHours(),
    minutes: local.getUTCMinutes(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "22 novembre 2026 à 13:02" */
export function formatDateTime(d: DateInput): string {
  const c = reunionClock(d);
  return `${c.day} ${MONTHS[c.month]} ${c.year} à ${twoDigits(c.hours)}:${twoDigits(c.minutes)}`;
}

/** "13:02" */
export function formatTime(d: DateInput): string {
  const c = reunionClock(d);
  return `${twoDigits(c.hours)}:${twoDigits(c.minutes)}`;
}

/** "22 novembre 2026" */
export function formatDate(d: DateInput): string {
  const c = reunionClock(d);
  return `${c.day} ${MONTHS[c.month]} ${c.year}`;
}

/** "22/11/2026" */
export function formatShortDate(d: DateInput): string {
  const c = reunionClock(d);
  return `${twoDigits(c.day)}/${twoDigits(c.month + 1)}/${c.year}`;
}

/** "novembre 2026" */
export function formatMonthYear(d: DateInput): string {
  const c = reunionClock(d);
  return `${MONTHS[c.month]} ${c.year}`;
}

/** "2026-11-22": the calendar day on La Réunion's clock, as invoices and CSV files write it. */
export function formatIsoDate(d: DateInput): string {
  const c = reunionClock(d);
  return `${c.year}-${twoDigits(c.month + 1)}-${twoDigits(c.day)}`;
}
