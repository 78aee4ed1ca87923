import { describe, expect, it } from "vitest";
import {
  AGENCY_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatShortDate,
  formatTime,
} from "./french-date";

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("fr-FR", { ...options, timeZone: AGENCY_TIME_ZONE });

describe("French dates on La Réunion's clock", () => {
  it("write what Intl writes for Indian/Reunion, at every hour of days across the years", () => {
    const formats: [(d: Date) => string, Intl.DateTimeFormat][] = [
      [formatDateTime, intl({ dateStyle: "long", timeStyle: "short" })],
      [formatDate, intl({ dateStyle: "long" })],
      [formatShortDate, intl({ day: "2-digit", month: "2-digit", year: "numeric" })],
      [formatMonthYear, intl({ month: "long", year: "numeric" })],
    ];
    // Every 7 h 13 min from 2020 to 2031: each hour, month end and year end comes up. About
    // 50,000 comparisons: the differences are gathered, so that a loaded machine has time for them.
    const differences: string[] = [];
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2031, 0, 1); t += (7 * 60 + 13) * 60_000) {
      const date = new Date(t);
      for (const [ours, theirs] of formats) {
        const [a, b] = [ours(date), theirs.format(date)];
        if (a !== b) differences.push(`${date.toISOString()}: ${a} ≠ ${b}`);
      }
    }
    expect(differences).toEqual([]);
  }, 30_000);

  it("reads ISO strings and timestamps, late UTC evenings falling on the next day", () => {
    expect(formatDateTime("2026-11-22T09:02:00Z")).toBe("22 novembre 2026 à 13:02");
    expect(formatDate("2026-12-31T21:30:00Z")).toBe("1 janvier 2027");
    expect(formatShortDate(Date.UTC(2026, 7, 5, 12))).toBe("05/08/2026");
    expect(formatMonthYear("2026-02-28T20:00:00Z")).toBe("mars 2026");
    expect(formatTime("2026-11-22T21:07:00Z")).toBe("01:07");
    for (const t of [
      Date.UTC(2026, 0, 1, 0, 0),
      Date.UTC(2026, 5, 30, 19, 59),
      Date.UTC(2027, 11, 31, 23, 30),
    ]) {
      expect(formatTime(t)).toBe(intl({ timeStyle: "short" }).format(t));
    }
  });
});
