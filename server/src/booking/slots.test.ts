import { type BookingSettings, DEFAULT_BOOKING_SETTINGS } from "@lagon/contracts/booking";
import { BookingSettings as SettingsSchema } from "@lagon/contracts/booking-schemas";
import { describe, expect, it } from "vitest";
import { weekFromKozaHours } from "./koza-hours.ts";
import { daySlots, isFreeSlot, openStretches } from "./slots.ts";
import { zonedInstant } from "./zoned-time.ts";

const settings = (over: Partial<BookingSettings> = {}): BookingSettings => ({
  ...DEFAULT_BOOKING_SETTINGS,
  ...over,
});
const hhmm = (slots: { startsAt: Date }[], tz = "Indian/Reunion") =>
  slots.map((s) =>
    s.startsAt.toLocaleTimeString("fr-FR", { timeZone: tz, hour: "2-digit", minute: "2-digit" }),
  );
// Monday 30 November 2026, 6:00 in La Réunion (2:00 UTC).
const MONDAY_EARLY = new Date("2026-11-30T02:00:00Z");

describe("a day's slots", () => {
  it("cuts the default day into 30-minute slots around the lunch break, on La Réunion's clock", () => {
    const slots = daySlots(settings(), "2026-12-01", 30, [], MONDAY_EARLY);
    expect(hhmm(slots)).toEqual([
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
    ]);
    // 8:00 in La Réunion is 4:00 UTC.
    expect(slots[0]?.startsAt.toISOString()).toBe("2026-12-01T04:00:00.000Z");
    expect(slots[0]?.endsAt.toISOString()).toBe("2026-12-01T04:30:00.000Z");
  });

  it("fits a long service only where it ends before the break or the closing", () => {
    const slots = daySlots(settings(), "2026-12-01", 90, [], MONDAY_EARLY);
    expect(hhmm(slots)).toEqual([
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
  });

  it("has none on a closed weekday or a day off", () => {
    expect(daySlots(settings(), "2026-12-05", 30, [], MONDAY_EARLY)).toEqual([]); // Saturday
    expect(daySlots(settings(), "2026-12-06", 30, [], MONDAY_EARLY)).toEqual([]); // Sunday
    const off = settings({ days_off: ["2026-12-01"] });
    expect(daySlots(off, "2026-12-01", 30, [], MONDAY_EARLY)).toEqual([]);
    expect(daySlots(off, "2026-12-02", 30, [], MONDAY_EARLY)).toHaveLength(15);
  });

  it("offers nothing in the past nor within the minimum notice", () => {
    // Monday 30 November at 10:10 in La Réunion, two hours' notice: 12:10 onwards, so 13:30.
    const now = new Date("2026-11-30T06:10:00Z");
    expect(hhmm(daySlots(settings(), "2026-11-30", 30, [], now))[0]).toBe("13:30");
    expect(
      daySlots(settings({ min_notice_minutes: 0 }), "2026-11-30", 30, [], now).map((s) =>
        s.startsAt.toISOString(),
      )[0],
    ).toBe("2026-11-30T06:30:00.000Z");
    expect(daySlots(settings(), "2026-11-27", 30, [], now)).toEqual([]);
  });

  it("offers nothing past the booking horizon", () => {
    expect(daySlots(settings({ horizon_days: 1 }), "2026-12-01", 30, [], MONDAY_EARLY)).toHaveLength(15);
    expect(daySlots(settings({ horizon_days: 1 }), "2026-12-02", 30, [], MONDAY_EARLY)).toEqual([]);
  });

  it("leaves out every slot a booking overlaps, whatever their lengths", () => {
    const busy = [{ startsAt: new Date("2026-12-01T05:15:00Z"), endsAt: new Date("2026-12-01T06:00:00Z") }];
    // 9:15–10:00 taken: 9:00 and 9:30 overlap it, 10:00 is free again.
    expect(hhmm(daySlots(settings(), "2026-12-01", 30, busy, MONDAY_EARLY)).slice(0, 5)).toEqual([
      "08:00",
      "08:30",
      "10:00",
      "10:30",
      "11:00",
    ]);
    expect(isFreeSlot(settings(), new Date("2026-12-01T05:00:00Z"), 30, busy, MONDAY_EARLY)).toBe(false);
    expect(isFreeSlot(settings(), new Date("2026-12-01T06:00:00Z"), 30, busy, MONDAY_EARLY)).toBe(true);
    // Not on the grid, or outside the hours: not a slot.
    expect(isFreeSlot(settings(), new Date("2026-12-01T06:10:00Z"), 30, [], MONDAY_EARLY)).toBe(false);
    expect(isFreeSlot(settings(), new Date("2026-12-01T08:30:00Z"), 30, [], MONDAY_EARLY)).toBe(false);
  });

  it("keeps a mainland business's 9:00 at 9:00 across the changes of clock", () => {
    const paris = settings({ time_zone: "Europe/Paris", min_notice_minutes: 0, horizon_days: 365 });
    const now = new Date("2026-03-01T00:00:00Z");
    // Friday 27 March 2026 is winter time (UTC+1), Monday 30 March summer time (UTC+2).
    expect(daySlots(paris, "2026-03-27", 30, [], now)[0]?.startsAt.toISOString()).toBe(
      "2026-03-27T07:00:00.000Z",
    );
    expect(daySlots(paris, "2026-03-30", 30, [], now)[0]?.startsAt.toISOString()).toBe(
      "2026-03-30T06:00:00.000Z",
    );
    // Back to winter time on Sunday 25 October: Monday 26 October at 8:00 is 7:00 UTC.
    expect(
      daySlots(paris, "2026-10-26", 30, [], new Date("2026-10-01T00:00:00Z"))[0]?.startsAt.toISOString(),
    ).toBe("2026-10-26T07:00:00.000Z");
    expect(hhmm(daySlots(paris, "2026-03-30", 30, [], now), "Europe/Paris")).toHaveLength(15);
  });

  it("skips a time the change to summer time jumps over, and opens stretches from the breaks", () => {
    expect(zonedInstant("2026-03-29", 150, "Europe/Paris")).toBeNull(); // 2:30 does not exist
    expect(zonedInstant("2026-03-29", 180, "Europe/Paris")?.toISOString()).toBe("2026-03-29T01:00:00.000Z");
    const night = settings({
      time_zone: "Europe/Paris",
      min_notice_minutes: 0,
      week: Array(7).fill({ open: "01:00", close: "04:00", breaks: [] }),
    });
    const slots = hhmm(
      daySlots(night, "2026-03-29", 60, [], new Date("2026-03-28T00:00:00Z")),
      "Europe/Paris",
    );
    expect(slots).not.toContain("02:00");
    expect(slots).not.toContain("02:30");
    expect(openStretches(settings(), "2026-12-01")).toEqual([
      [480, 720],
      [810, 1020],
    ]);
  });
});

describe("the settings' checks", () => {
  it("accepts the defaults and refuses breaks outside the hours, in French", () => {
    expect(SettingsSchema.safeParse(DEFAULT_BOOKING_SETTINGS).success).toBe(true);
    const bad = structuredClone(DEFAULT_BOOKING_SETTINGS) as BookingSettings;
    bad.week[0] = { open: "08:00", close: "12:00", breaks: [{ start: "11:30", end: "13:00" }] };
    const result = SettingsSchema.safeParse(bad);
    expect(result.error?.issues[0]?.message).toBe(
      "Les pauses doivent être dans les horaires d'ouverture, sans se chevaucher.",
    );
    const closed = { ...DEFAULT_BOOKING_SETTINGS, week: Array(7).fill(null) };
    expect(SettingsSchema.safeParse(closed).error?.issues[0]?.message).toBe(
      "Ouvrez au moins un jour par semaine.",
    );
    const zone = { ...DEFAULT_BOOKING_SETTINGS, time_zone: "Mars/Olympus" };
    expect(SettingsSchema.safeParse(zone).error?.issues[0]?.message).toBe("Fuseau horaire inconnu.");
    const date = { ...DEFAULT_BOOKING_SETTINGS, days_off: ["2026-02-30"] };
    expect(SettingsSchema.safeParse(date).error?.issues[0]?.message).toBe("Date invalide.");
  });
});

describe("opening hours from Koza's answer", () => {
  it("reads the plain ways of writing them", () => {
    const week = weekFromKozaHours("Du lundi au vendredi, 8h-12h et 14h-17h ; samedi 9h-12h");
    expect(week?.[0]).toEqual({ open: "08:00", close: "17:00", breaks: [{ start: "12:00", end: "14:00" }] });
    expect(week?.[4]).toEqual(week?.[0]);
    expect(week?.[5]).toEqual({ open: "09:00", close: "12:00", breaks: [] });
    expect(week?.[6]).toBeNull();
    const tuesday = weekFromKozaHours("Du mardi au samedi, 9h-18h");
    expect(tuesday?.map((d) => d?.open ?? null)).toEqual([
      null,
      "09:00",
      "09:00",
      "09:00",
      "09:00",
      "09:00",
      null,
    ]);
    expect(weekFromKozaHours("Lun. - Ven. 8h30-12h / 13h30-17h30")?.[2]).toEqual({
      open: "08:30",
      close: "17:30",
      breaks: [{ start: "12:00", end: "13:30" }],
    });
    expect(weekFromKozaHours("lundi, mercredi 9:00 à 12:00")?.map((d) => d !== null)).toEqual([
      true,
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("gives up on what it cannot read for certain", () => {
    expect(weekFromKozaHours("")).toBeNull();
    expect(weekFromKozaHours("Midi et soir, sauf le lundi")).toBeNull();
    expect(weekFromKozaHours("Sur rendez-vous")).toBeNull();
    expect(weekFromKozaHours("Du lundi au vendredi")).toBeNull();
    expect(weekFromKozaHours("Du mardi au dimanche, 6h-19h")?.[6]).toEqual({
      open: "06:00",
      close: "19:00",
      breaks: [],
    });
  });
});
