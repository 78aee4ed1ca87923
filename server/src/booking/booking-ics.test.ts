import { describe, expect, it } from "vitest";
import { calendarFile } from "./booking-ics.ts";

const event = {
  uid: "b1@lagon.test",
  startsAt: new Date("2026-07-01T07:00:00Z"),
  endsAt: new Date("2026-07-01T07:45:00Z"),
  summary: "Coupe, brushing; couleur – Salon",
  description: "Première visite\nau salon",
  location: "Saint-Paul",
};

describe("calendar files (RFC 5545)", () => {
  it("writes a mainland appointment on Paris's summer clock, with the zone's rules", () => {
    const ics = calendarFile({ name: "Salon", timeZone: "Europe/Paris", events: [event], now: new Date(0) });
    expect(ics).toContain("DTSTART;TZID=Europe/Paris:20260701T090000\r\n");
    expect(ics).toContain("DTEND;TZID=Europe/Paris:20260701T094500\r\n");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(ics).toContain("SUMMARY:Coupe\\, brushing\\; couleur – Salon");
    expect(ics).toContain("DESCRIPTION:Première visite\\nau salon");
    expect(ics).toContain("DTSTAMP:19700101T000000Z");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("writes La Réunion's time and folds long lines at 75 octets without cutting a character", () => {
    const long = { ...event, description: "é".repeat(100) };
    const ics = calendarFile({
      name: "Salon",
      timeZone: "Indian/Reunion",
      events: [long],
      method: "REQUEST",
    });
    expect(ics).toContain("DTSTART;TZID=Indian/Reunion:20260701T110000");
    expect(ics).toContain("TZOFFSETTO:+0400");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain(`DESCRIPTION:${"é".repeat(100)}`);
  });
});
