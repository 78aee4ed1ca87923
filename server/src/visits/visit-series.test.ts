import { describe, expect, it } from "vitest";
import { periodStart, visitSeries } from "./visit-series.ts";

const row = (day: string, visitors: number, pageViews: number, page = "/") => ({
  orderId: "00000000-0000-4000-8000-000000000000",
  day,
  visitors,
  pageViews,
  pages: [[page, visitors, pageViews] as [string, number, number]],
  referrers: [],
  devices: [["mobile", visitors, pageViews] as [string, number, number]],
});

describe("visit figures by day, week and month", () => {
  it("starts weeks on Monday and months on the 1st", () => {
    expect(periodStart("week", "2026-11-26")).toBe("2026-11-23");
    expect(periodStart("week", "2026-11-23")).toBe("2026-11-23");
    expect(periodStart("week", "2026-11-22")).toBe("2026-11-16");
    expect(periodStart("month", "2026-11-26")).toBe("2026-11-01");
  });

  it("shows 30 days, 13 weeks and 13 months up to today, empty periods at zero, and adds them up", () => {
    const days = [
      row("2025-10-31", 50, 90),
      row("2025-11-03", 4, 9),
      row("2026-11-02", 3, 5),
      row("2026-11-26", 2, 7, "/contact/"),
    ];
    const byDay = visitSeries("day", days, "2026-11-26");
    expect(byDay.periods).toHaveLength(30);
    expect(byDay.periods[0]?.start).toBe("2026-10-28");
    expect(byDay.periods.at(-1)).toEqual({ start: "2026-11-26", visitors: 2, page_views: 7 });
    expect(byDay).toMatchObject({ visitors: 5, page_views: 12 });

    const byWeek = visitSeries("week", days, "2026-11-26");
    expect(byWeek.periods).toHaveLength(13);
    expect(byWeek.periods.at(-1)?.start).toBe("2026-11-23");
    expect(byWeek.periods.find((p) => p.start === "2026-11-02")).toEqual({
      start: "2026-11-02",
      visitors: 3,
      page_views: 5,
    });

    const byMonth = visitSeries("month", days, "2026-11-26");
    expect(byMonth.periods.map((p) => p.start)).toEqual([
      "2025-11-01",
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
      "2026-07-01",
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
      "2026-11-01",
    ]);
    // October 2025 is past the 13 months shown.
    expect(byMonth).toMatchObject({ visitors: 9, page_views: 21 });
    expect(byMonth.periods[0]).toEqual({ start: "2025-11-01", visitors: 4, page_views: 9 });
    expect(byMonth.pages).toEqual([
      ["/", 7, 14],
      ["/contact/", 2, 7],
    ]);
    expect(byMonth.devices).toEqual([["mobile", 9, 21]]);
  });
});
