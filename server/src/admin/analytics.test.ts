import { randomUUID } from "node:crypto";
import { Analytics } from "@lagon/contracts/admin-schemas";
import { DAY_MS } from "@lagon/contracts/billing-dates";
import { formatIsoDate } from "@lagon/contracts/french-date";
import type { PlanId } from "@lagon/contracts/plans";
import { checkoutLines } from "@lagon/contracts/pricing";
import { taxRuleById } from "@lagon/contracts/tax";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder, ordersNamed } from "../../test/factories.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { invoices, orders, type Subscription, subscriptionInvoices, subscriptions } from "../db/schema.ts";
import { monthlyPeriod } from "../invoices/issue-checkout-invoice.ts";
import { issueCreditNote, issueInvoice } from "../invoices/issue-invoice.ts";
import { findOrder } from "../orders/orders-table.ts";
import { updateSite } from "../sites/sites-table.ts";
import { NON_PAYMENT } from "../subscriptions/payment-outcomes.ts";
import { lastMonths } from "./collected-revenue.ts";
import { churnOver30Days } from "./subscription-figures.ts";

const PAID_BY = "carte bancaire (paiement de test)";

/**
 * The figures after a known set of orders, each billed by the real invoicing functions, each
 * subscription in a known state. Every expected value is worked out by hand below (HT cents;
 * Réunion buyers pay 8,5 % VAT, Guyane none, which the HT figures ignore).
 */
describe("analytics from the money", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const now = new Date();
  // Month keys on La Réunion's calendar: M0 this month, M1 last month, M2 the month before.
  const [M2, M1, M0] = lastMonths(now, 3) as [string, string, string];
  /** Noon on the 2nd of a month, La Réunion time: well inside that month. */
  const inMonth = (month: string) => new Date(`${month}-02T12:00:00+04:00`);
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);
  // 13 months back: before the 12-month series, still in the total.
  const longAgo = new Date(`${lastMonths(now, 14)[0]}-15T12:00:00+04:00`);

  /** An order of `planId` paid at `createdAt`, its subscription and invoices made as at checkout. */
  async function order(
    planId: PlanId,
    createdAt: Date,
    extra: { country?: string; percentOff?: number } = {},
  ) {
    const id = await givenPaidOrder(t.ctx, {
      planId,
      monthlyPriceCents: { starter: 2000, business: 5000, libre: 1500 }[planId],
      discountPercent: extra.percentOff ?? 0,
      country: extra.country ?? "Réunion",
    });
    await t.ctx.db.update(orders).set({ createdAt }).where(eq(orders.id, id));
    await updateSite(t.ctx.db, id, { setup: "active" });
    return id;
  }

  /** One month of `planId` (coupon applied) paid at `paidAt`, through the real invoicing. */
  async function bill(orderId: string, kind: "checkout" | "renewal", paidAt: Date) {
    const o = await findOrder(t.ctx.db, orderId);
    const planId = o?.planId as PlanId;
    const lines = checkoutLines(
      { planId, percentOff: o?.discountPercent ?? 0, koza: false },
      taxRuleById("dom"),
    ).map(({ vatRateBasisPoints: _, ...line }) => line);
    return issueInvoice(t.ctx, {
      orderId,
      kind,
      sourceRef: `test:${randomUUID()}`,
      lines,
      paidAt,
      paymentMethod: PAID_BY,
      period: monthlyPeriod(paidAt),
    });
  }

  const setSubscription = (orderId: string, patch: Partial<Subscription>) =>
    t.ctx.db.update(subscriptions).set(patch).where(eq(subscriptions.orderId, orderId));

  /** A failed renewal left open, for `amountTtcCents`. */
  async function openRenewal(orderId: string, planId: PlanId, amountTtcCents: number) {
    await t.ctx.db.insert(subscriptionInvoices).values({
      id: randomUUID(),
      orderId,
      kind: "renewal",
      planId,
      amountTtcCents,
      periodStart: daysAgo(2),
      periodEnd: new Date(now.getTime() + 28 * DAY_MS),
      status: "open",
      attempts: 1,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();

    // O1, today, through the real checkout: Business with the 10 % coupon and Koza.
    //   Invoice: (50,00 - 5,00) + 50,00 = 95,00 € HT (M0). Active subscription: 45,00 €/month.
    //   Then a partial refund, a credit note of 10,00 € HT (M0).
    const created = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      remoteAddress: "10.20.0.1",
      payload: {
        plan_id: "price_local_business",
        customer_data: {
          email: "chiffres-koza@example.re",
          name: "Zoé Payet",
          domain: "chiffres-koza.localhost",
          country: "Réunion",
          immediate_start: true,
        },
        success_url: "http://localhost:3000/success",
        cancel_url: "http://localhost:3000/",
        koza_option: true,
        coupon_code: "BIENVENUE10",
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sessionId = new URL(created.json().checkout_url).pathname.split("/").at(-1) as string;
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/test-checkout/${sessionId}/pay`,
      remoteAddress: "10.20.1.1",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [o1] = await ordersNamed(t.ctx.db, "chiffres-koza");
    // Dated `now`, as O5: both ordered the same day, even if midnight passed since `now`.
    await t.ctx.db
      .update(orders)
      .set({ createdAt: now })
      .where(eq(orders.id, o1?.id as string));
    await updateSite(t.ctx.db, o1?.id as string, { setup: "active" });
    const [o1Invoice] = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, o1?.id as string));
    expect(o1Invoice?.netCents).toBe(9500);
    await issueCreditNote(t.ctx, {
      invoiceNumber: o1Invoice?.number as string,
      sourceRef: "test:geste-o1",
      lines: [{ label: "Geste commercial", quantity: 1, unitCents: 1000 }],
      refundedAt: now,
      paymentMethod: PAID_BY,
    });

    // O2, a faithful Starter since M2: 20,00 € in M2, M1 and M0. Active: 20,00 €/month.
    const o2 = await order("starter", inMonth(M2));
    // O1's customer owns O2 too (one customer, two sites), the address typed in capitals.
    await t.ctx.db.update(orders).set({ customerEmail: "Chiffres-Koza@example.re" }).where(eq(orders.id, o2));
    await bill(o2, "checkout", inMonth(M2));
    await bill(o2, "renewal", inMonth(M1));
    await bill(o2, "renewal", now);

    // O3, Libre since M2: 15,00 € in M2 and M1; M1's renewal refunded in full today (-15,00 €,
    // M0); cancelled 2 days ago (churned).
    const o3 = await order("libre", inMonth(M2));
    await bill(o3, "checkout", inMonth(M2));
    const o3Renewal = await bill(o3, "renewal", inMonth(M1));
    await issueCreditNote(t.ctx, {
      invoiceNumber: o3Renewal.number,
      sourceRef: "test:refund-o3",
      refundedAt: now,
      paymentMethod: PAID_BY,
    });
    await setSubscription(o3, { status: "cancelled", cancelAt: daysAgo(2), archiveAt: daysAgo(-28) });

    // O4, Business since M2: 50,00 € in M2 and M1; this month's renewal failed: past due, its
    // open invoice 54,25 € TTC = 50,00 € HT + 4,25 € VAT.
    const o4 = await order("business", inMonth(M2));
    await bill(o4, "checkout", inMonth(M2));
    await bill(o4, "renewal", inMonth(M1));
    await setSubscription(o4, { status: "past_due", pastDueSince: daysAgo(2), suspendAt: daysAgo(-12) });
    await openRenewal(o4, "business", 5425);

    // O5, today, in Guyane (no VAT) with a 25 % coupon, still being set up: Starter at
    // 20,00 - 5,00 = 15,00 € HT (M0). Active with a cancellation in 20 days: still 15,00 €/month.
    const o5 = await order("starter", now, { country: "Guyane", percentOff: 25 });
    await updateSite(t.ctx.db, o5, { setup: "pending" });
    await bill(o5, "checkout", now);
    await setSubscription(o5, { cancelAt: daysAgo(-20) });

    // O6, Starter since M2 (its site in error): 20,00 € in M2, then unpaid and suspended for
    // non-payment 3 days ago (churned; its open 21,70 € TTC is no longer "past due").
    const o6 = await order("starter", inMonth(M2));
    await updateSite(t.ctx.db, o6, { setup: "error" });
    await bill(o6, "checkout", inMonth(M2));
    await setSubscription(o6, {
      status: "suspended",
      suspendReason: NON_PAYMENT,
      suspendedAt: daysAgo(3),
      archiveAt: daysAgo(-27),
    });
    await openRenewal(o6, "starter", 2170);

    // O7, Libre paid 13 months ago (15,00 €, outside the series), cancelled 40 days ago and
    // archived since: before the churn window.
    const o7 = await order("libre", longAgo);
    await bill(o7, "checkout", longAgo);
    await setSubscription(o7, { status: "archived", cancelAt: daysAgo(40), archivedAt: daysAgo(10) });

    // O8, Starter since M2: 20,00 € in M2, then suspended by the agency (a pause, not an end).
    const o8 = await order("starter", inMonth(M2));
    await bill(o8, "checkout", inMonth(M2));
    await setSubscription(o8, { status: "suspended", suspendReason: "Travaux", suspendedAt: daysAgo(1) });
  }, 240_000);
  afterAll(() => t?.close());

  it("counts the money collected, MRR, churn and past due as worked out by hand", async () => {
    const dayBefore = formatIsoDate(new Date());
    const res = await t.app.inject({ url: `/api/admin/analytics?token=${TEST_ADMIN_TOKEN}` });
    const dayAfter = formatIsoDate(new Date());
    expect(res.statusCode).toBe(200);
    const a = Analytics.parse(res.json());

    expect(a.stats).toEqual({
      total_orders: 8,
      // O1, O2, O3, O4, O7, O8 (O5 pending, O6 in error).
      active_orders: 6,
      // O1 and O2 are one customer's.
      total_customers: 7,
      active_customers: 5,
      processing_orders: 1,
      error_orders: 1,
      // O1 95 - 10 = 85; O2 20 × 3 = 60; O3 15 + 15 - 15 = 15; O4 50 + 50 = 100; O5 15;
      // O6 20; O7 15; O8 20. 85 + 60 + 15 + 100 + 15 + 20 + 15 + 20 = 330.
      total_revenue: 330,
      // M0: O1 95 - 10, O2 20, O3 -15, O5 15 = 105.
      monthly_revenue: 105,
    });

    // M2: O2 20 + O3 15 + O4 50 + O6 20 + O8 20 = 125; M1: O2 20 + O3 15 + O4 50 = 85; M0: 105.
    // 125 + 85 + 105 = 315 = 330 less O7's 15, 13 months ago.
    expect(a.revenue_series).toHaveLength(12);
    expect(a.revenue_series.map((m) => m.month)).toEqual(lastMonths(now, 12));
    expect(a.revenue_series.at(-1)?.month).toBe(formatIsoDate(now).slice(0, 7));
    expect(a.revenue_series.slice(-3)).toEqual([
      { month: M2, revenue: 125 },
      { month: M1, revenue: 85 },
      { month: M0, revenue: 105 },
    ]);
    expect(a.revenue_series.slice(0, -3).every((m) => m.revenue === 0)).toBe(true);

    // Active subscriptions: O1 Business 50 - 10 % = 45; O2 Starter 20; O5 Starter 20 - 25 % = 15
    // (cancellation not yet effective). Not O4 (past due), O6 and O8 (suspended), O3, O7 (ended).
    expect(a.mrr).toBe(80);
    expect(a.revenue_by_plan).toEqual([
      // Live sites: O2, O8 | O1, O4 | O3, O7. MRR: 20 + 15 | 45 | 0.
      { _id: "Starter", count: 2, revenue: 35 },
      { _id: "Business", count: 2, revenue: 45 },
      { _id: "Libre", count: 2, revenue: 0 },
    ]);

    // Running 30 days ago: O2, O3, O4, O6, O8 = 5 (O7 ended 40 days ago; O1, O5 started today).
    // Ended since: O3 (cancelled 2 days ago), O6 (suspended for non-payment 3 days ago) = 2.
    // 2 / 5 = 0,4.
    expect(a.churn).toEqual({ ended: 2, active_at_start: 5 });
    expect(a.churn_rate).toBe(0.4);

    // O4 alone is past due: 54,25 € TTC at 8,5 % = 50,00 € HT.
    expect(a.past_due_amount).toBe(50);
    expect(a.past_due_count).toBe(1);

    // 8 orders, one checkout opened here (O1; the others came without one): 8 opened, 8 paid,
    // 6 live. O1 and O5 were ordered today.
    expect(a.funnel).toEqual({ checkouts_opened: 8, paid: 8, live: 6 });
    // The 30 days end on the request's day; O1 and O5 are on `now`'s, the last day or, past
    // midnight in La Réunion since `now` (1 run in several thousand), the one before.
    expect(a.growth_data).toHaveLength(30);
    expect([dayBefore, dayAfter]).toContain(a.growth_data.at(-1)?.date);
    const ordered = formatIsoDate(now);
    expect(a.growth_data.find((d) => d.date === ordered)?.count).toBe(2);
    expect(a.growth_data.filter((d) => d.date !== ordered).every((d) => d.count === 0)).toBe(true);
  });

  it("says nothing of churn when no subscription was running 30 days before", async () => {
    // 30 days before a date 100 days before O7's order, nothing had been ordered yet.
    const before = new Date(longAgo.getTime() - 100 * DAY_MS);
    expect(await churnOver30Days(t.ctx, before)).toEqual({ ended: 0, activeAtStart: 0, rate: null });
  });
});
