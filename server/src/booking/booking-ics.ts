import { wallClock } from "./zoned-time.ts";

/** One appointment of a calendar file. */
export interface IcsEvent {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  cancelled?: boolean;
  /** For an invitation: who gives the appointment and who comes. */
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
}

/**
 * VTIMEZONE of each zone a business may pick (contracts BOOKING_TIME_ZONES): the overseas ones
 * keep one offset all year; mainland France follows the European rule (last Sundays of March and
 * October), so calendars that know no time zone database still place 9:00 at 9:00.
 */
const FIXED: Record<string, [string, string]> = {
  "Indian/Reunion": ["+0400", "+04"],
  "Indian/Mayotte": ["+0300", "EAT"],
  "America/Guadeloupe": ["-0400", "AST"],
  "America/Martinique": ["-0400", "AST"],
  "America/Cayenne": ["-0300", "-03"],
};

function vtimezone(zone: string): string[] {
  const fixed = FIXED[zone];
  if (fixed) {
    const [offset, name] = fixed;
    return [
      "BEGIN:VTIMEZONE",
      `TZID:${zone}`,
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${name}`,
      "END:STANDARD",
      "END:VTIMEZONE",
    ];
  }
  if (zone !== "Europe/Paris") throw new Error(`no VTIMEZONE for ${zone}`);
  return [
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Paris",
    "BEGIN:DAYLIGHT",
    "DTSTART:19700329T020000",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "DTSTART:19701025T030000",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ];
}

/** TEXT escaping (RFC 5545 3.3.11). */
const text = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets folded with CRLF and a space (RFC 5545 3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function localStamp(d: Date, zone: string): string {
  const { date, minutes } = wallClock(d, zone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `${date.replace(/-/g, "")}T${hh}${mm}00`;
}

const person = (role: "ORGANIZER" | "ATTENDEE", p: { name: string; email: string }, extra = "") =>
  `${role};CN="${p.name.replace(/["\\;,:]/g, " ")}"${extra}:mailto:${p.email}`;

/**
 * A calendar file (RFC 5545) in the business's time zone: with `method` REQUEST, the invitation
 * sent to a visitor; without, the business's feed.
 */
export function calendarFile(opts: {
  name: string;
  timeZone: string;
  events: IcsEvent[];
  method?: "REQUEST" | "CANCEL";
  now?: Date;
}): string {
  const stamp = utcStamp(opts.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Lagon Digital//Reservation en ligne//FR",
    "CALSCALE:GREGORIAN",
    ...(opts.method ? [`METHOD:${opts.method}`] : []),
    `X-WR-CALNAME:${text(opts.name)}`,
    `X-WR-TIMEZONE:${opts.timeZone}`,
    ...vtimezone(opts.timeZone),
  ];
  for (const e of opts.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${opts.timeZone}:${localStamp(e.startsAt, opts.timeZone)}`,
      `DTEND;TZID=${opts.timeZone}:${localStamp(e.endsAt, opts.timeZone)}`,
      `SUMMARY:${text(e.summary)}`,
      `DESCRIPTION:${text(e.description)}`,
      `LOCATION:${text(e.location)}`,
      `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      "SEQUENCE:0",
      ...(e.organizer ? [person("ORGANIZER", e.organizer)] : []),
      ...(e.attendee
        ? [person("ATTENDEE", e.attendee, ";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE")]
        : []),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
