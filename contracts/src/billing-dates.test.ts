import { describe, expect, it } from "vitest";
import {
  addMonths,
  cancellationEffectiveDate,
  daysUntil,
  periodEndAfter,
  prorationCents,
  STRIPE_CALENDAR,
} from "./billing-dates";

/** An instant given as La Réunion's wall clock ("2026-01-31 10:00"). */
const reunion = (wall: string) => new Date(`${wall.replace(" ", "T")}:00+04:00`);

describe("billing dates on La Réunion's calendar", () => {
  it("adds months keeping the day, clamped to short months, starting again from the anchor", () => {
    const anchor = reunion("2026-01-31 10:00");
    expect(addMonths(anchor, 1)).toEqual(reunion("2026-02-28 10:00"));
    expect(addMonths(anchor, 2)).toEqual(reunion("2026-03-31 10:00"));
    expect(addMonths(anchor, 3)).toEqual(reunion("2026-04-30 10:00"));
    expect(addMonths(anchor, 13)).toEqual(reunion("2027-02-28 10:00"));
    // 2028 is a leap year.
    expect(addMonths(anchor, 25)).toEqual(reunion("2028-02-29 10:00"));
    expect(addMonths(reunion("2026-12-15 08:00"), 1)).toEqual(reunion("2027-01-15 08:00"));
    expect(addMonths(reunion("2026-03-15 08:00"), -3)).toEqual(reunion("2025-12-15 08:00"));
  });

  it("counts months on La Réunion's date, not UTC's", () => {
    // 1 February 02:00 in Saint-Denis is still 31 January in UTC: it renews on the 1st.
    const anchor = reunion("2026-02-01 02:00");
    expect(anchor.toISOString()).toBe("2026-01-31T22:00:00.000Z");
    expect(addMonths(anchor, 1)).toEqual(reunion("2026-03-01 02:00"));
    expect(addMonths(anchor, 1).toISOString()).toBe("2026-02-28T22:00:00.000Z");
    // 31 March 23:30 in Saint-Denis: April has 30 days.
    expect(addMonths(reunion("2026-03-31 23:30"), 1)).toEqual(reunion("2026-04-30 23:30"));
  });

  it("counts Stripe's months in UTC, so that a cancellation falls on one of its period ends", () => {
    // Stripe's anchor 30 January 22:00 UTC (31 January in Saint-Denis): Stripe renews on 28
    // February 22:00 UTC, La Réunion's calendar on 28 February 02:00 local (27 February 22:00 UTC).
    const anchor = new Date("2026-01-30T22:00:00Z");
    expect(addMonths(anchor, 1, STRIPE_CALENDAR).toISOString()).toBe("2026-02-28T22:00:00.000Z");
    expect(addMonths(anchor, 2, STRIPE_CALENDAR).toISOString()).toBe("2026-03-30T22:00:00.000Z");
    expect(addMonths(anchor, 1).toISOString()).toBe("2026-02-27T22:00:00.000Z");
    expect(
      cancellationEffectiveDate(anchor, new Date("2026-02-01T00:00:00Z"), STRIPE_CALENDAR).toISOString(),
    ).toBe("2026-03-30T22:00:00.000Z");
  });

  it("finds the end of the period holding an instant; a renewal instant opens the next period", () => {
    const anchor = reunion("2026-01-31 10:00");
    expect(periodEndAfter(anchor, reunion("2026-02-01 00:00"))).toEqual(reunion("2026-02-28 10:00"));
    expect(periodEndAfter(anchor, reunion("2026-02-28 10:00"))).toEqual(reunion("2026-03-31 10:00"));
    expect(periodEndAfter(anchor, reunion("2026-02-28 09:59"))).toEqual(reunion("2026-02-28 10:00"));
    expect(periodEndAfter(anchor, reunion("2029-07-04 12:00"))).toEqual(reunion("2029-07-31 10:00"));
    expect(periodEndAfter(anchor, reunion("2025-12-01 12:00"))).toEqual(reunion("2026-02-28 10:00"));
  });

  it("makes a cancellation effective at the end of the period holding today + 30 days", () => {
    const anchor = reunion("2026-01-10 09:00");
    // 5 March + 30 days = 4 April: the period 10 March - 10 April.
    expect(cancellationEffectiveDate(anchor, reunion("2026-03-05 12:00"))).toEqual(
      reunion("2026-04-10 09:00"),
    );
    // 12 March + 30 days = 11 April: the period 10 April - 10 May.
    expect(cancellationEffectiveDate(anchor, reunion("2026-03-12 12:00"))).toEqual(
      reunion("2026-05-10 09:00"),
    );
    // Never fewer than 30 days of notice, whatever the month lengths (February is short).
    const feb = reunion("2026-01-31 10:00");
    for (let day = 0; day < 400; day++) {
      const now = new Date(reunion("2026-02-01 06:00").getTime() + day * 86_400_000);
      const effective = cancellationEffectiveDate(feb, now);
      expect(daysUntil(now, effective)).toBeGreaterThanOrEqual(30);
      expect(daysUntil(now, effective)).toBeLessThanOrEqual(62);
      expect(effective.getTime()).toBe(
        periodEndAfter(feb, new Date(now.getTime() + 30 * 86_400_000)).getTime(),
      );
    }
  });

  it("prorates an upgrade over the time left in the period, nothing for a downgrade", () => {
    const start = reunion("2026-04-01 10:00");
    const end = reunion("2026-05-01 10:00");
    const half = reunion("2026-04-16 10:00");
    expect(prorationCents(2170, 5425, start, end, half)).toBe(1628);
    expect(prorationCents(2170, 5425, start, end, start)).toBe(3255);
    expect(prorationCents(2170, 5425, start, end, end)).toBe(0);
    expect(prorationCents(5425, 2170, start, end, half)).toBe(0);
    expect(prorationCents(2170, 2170, start, end, half)).toBe(0);
  });

  it("counts whole days left, rounded up", () => {
    const now = reunion("2026-04-01 10:00");
    expect(daysUntil(now, reunion("2026-04-02 10:00"))).toBe(1);
    expect(daysUntil(now, reunion("2026-04-02 09:00"))).toBe(1);
    expect(daysUntil(now, reunion("2026-04-08 10:00"))).toBe(7);
  });
});
