/** La Réunion's time zone: the agency and most customers live there (UTC+4, no daylight saving). */
export const AGENCY_TIME_ZONE = "Indian/Reunion";

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: AGENCY_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: AGENCY_TIME_ZONE });
const shortDate = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: AGENCY_TIME_ZONE,
});
const monthYear = new Intl.DateTimeFormat("fr-FR", {
  month: "long",
  year: "numeric",
  timeZone: AGENCY_TIME_ZONE,
});

type DateInput = Date | string | number;

const toDate = (d: DateInput) => (d instanceof Date ? d : new Date(d));

/** "22 novembre 2026 à 13:02" */
export function formatDateTime(d: DateInput): string {
  return dateTime.format(toDate(d));
}

/** "22 novembre 2026" */
export function formatDate(d: DateInput): string {
  return dateOnly.format(toDate(d));
}

/** "22/11/2026" */
export function formatShortDate(d: DateInput): string {
  return shortDate.format(toDate(d));
}

/** "novembre 2026" */
export function formatMonthYear(d: DateInput): string {
  return monthYear.format(toDate(d));
}
