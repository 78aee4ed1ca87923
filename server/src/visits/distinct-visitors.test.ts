import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { type Order, siteVisitDays, siteVisitVisitors } from "../db/schema.ts";
import { findOrder } from "../orders/orders-table.ts";
import { firstDayWithoutKeys, forgetOldVisits, recordVisitLog } from "./read-site-visits.ts";
import { visitsView } from "./visits-view.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A line as nginx writes it with the lagon_visits format (site-runtime-config.ts). */
const line = (client: string, day: string, path: string, agent: string) =>
  `${client} - - [${day}/Nov/2026:10:15:00 +0400] "GET ${path} HTTP/1.1" 200 5120 "-" "${agent}"`;
const october = (client: string, day: string, agent: string) =>
  `${client} - - [${day}/Oct/2026:10:15:00 +0400] "GET / HTTP/1.1" 200 5120 "-" "${agent}"`;

/** Today is 26 November 2026 in La Réunion. */
const NOW = new Date("2026-11-26T14:00:00+04:00");

/**
 * A shop's last weeks: the same iPhone on three days of the last week, a computer today, an
 * Android phone earlier in the month, someone last October, and a robot.
 */
const LOG = [
  october("197.158.3.0", "20", ANDROID),
  line("197.158.3.0", "02", "/", ANDROID),
  line("102.35.12.0", "20", "/", IPHONE),
  line("102.35.12.0", "20", "/nos-pains/", IPHONE),
  line("102.35.12.0", "23", "/", IPHONE),
  line("66.249.66.0", "23", "/", GOOGLEBOT),
  line("102.35.12.0", "26", "/contact/", IPHONE),
  line("41.213.7.0", "26", "/", WINDOWS),
].join("\n");

describe("distinct visitors of the last 7 and 30 days, from real log lines", () => {
  let ctx: Context;
  let order: Order;

  beforeAll(async () => {
    ctx = await createTestContext();
    const id = await givenPaidOrder(ctx, { planId: "business" });
    order = (await findOrder(ctx.db, id)) as Order;
    await recordVisitLog(ctx, order, `${LOG}\n`, { since: "2025-10-26", now: NOW, own: new Set() });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it("counts the iPhone that came on three days once in the week, where the days count it three times", async () => {
    const view = await visitsView(ctx, order, NOW);
    if (!view.included) throw new Error("Business sees its figures");
    // The iPhone and the computer in the last 7 days; with the Android phone of 2 November in 30.
    expect(view.distinct_visitors).toEqual({ last_7_days: 2, last_30_days: 3 });
    const days = view.series.find((s) => s.grain === "day");
    const lastWeek = days?.periods.filter((p) => p.start >= "2026-11-20") ?? [];
    expect(lastWeek.reduce((n, p) => n + p.visitors, 0)).toBe(4);
    expect(days?.visitors).toBe(5);
  });

  it("keeps keys, never addresses, for the last 30 days only", async () => {
    const rows = await ctx.db.select().from(siteVisitVisitors).where(eq(siteVisitVisitors.orderId, order.id));
    expect(rows.map((r) => r.day).sort()).toEqual(["2026-11-02", "2026-11-20", "2026-11-23", "2026-11-26"]);
    expect(rows.find((r) => r.day === "2026-11-23")?.keys).toHaveLength(1);
    for (const key of rows.flatMap((r) => r.keys)) expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(rows)).not.toMatch(/102\.35|iPhone/);
    // October's day keeps its figures 13 months, not its visitors' keys.
    const october = await ctx.db.select().from(siteVisitDays).where(eq(siteVisitDays.day, "2026-10-20"));
    expect(october).toHaveLength(1);

    // A week later, the keys of 2 November are gone; the figures stay.
    await forgetOldVisits(ctx, new Date("2026-12-03T14:00:00+04:00"));
    const kept = await ctx.db.select().from(siteVisitVisitors).where(eq(siteVisitVisitors.orderId, order.id));
    expect(kept.map((r) => r.day).sort()).toEqual(["2026-11-20", "2026-11-23", "2026-11-26"]);
    expect(await ctx.db.select().from(siteVisitDays).where(eq(siteVisitDays.day, "2026-11-02"))).toHaveLength(
      1,
    );
  });

  it("reads again the days of the last 30 counted before their keys were kept", async () => {
    expect(await firstDayWithoutKeys(ctx, order, "2026-11-26")).toBe("2026-11-02");
    await recordVisitLog(ctx, order, `${LOG}\n`, { since: "2026-11-02", now: NOW, own: new Set() });
    expect(await firstDayWithoutKeys(ctx, order, "2026-11-26")).toBeNull();
    const view = await visitsView(ctx, order, NOW);
    expect(view.included && view.distinct_visitors).toEqual({ last_7_days: 2, last_30_days: 3 });
  });
});
