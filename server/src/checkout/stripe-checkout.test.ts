import { count } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripeApi } from "../../test/fake-stripe-api.ts";
import { createTestApp } from "../../test/test-context.ts";
import { orders, paymentEvents } from "../db/schema.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
const ORIGIN = "http://localhost:3000";
const stripe = new Stripe("sk_test_fake");

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe("checkout with Stripe (its API faked at the HTTP edge)", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripeApi>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let sessionId: string;

  beforeAll(async () => {
    fake = await startFakeStripeApi();
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      STRIPE_PRICE_BUSINESS: "price_business_live",
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const orderCount = async () => (await t.ctx.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
  const deliver = (event: object, signature?: string) => {
    const s = signed(event);
    return t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: {
        "content-type": "application/json",
        ...(signature !== "" ? { "stripe-signature": signature ?? s.signature } : {}),
      },
      payload: s.payload,
    });
  };
  const completed = (id: string, eventId: string) => ({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id, object: "checkout.session" } },
  });

  it("uses Stripe's promotion codes", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/validate-coupon/stripe15" });
    expect(ok.json()).toEqual({ valid: true, coupon: { percent_off: 15 } });
    const seeded = await t.app.inject({ method: "POST", url: "/api/validate-coupon/BIENVENUE10" });
    expect(seeded.json().valid).toBe(false);
  });

  it("opens a subscription Checkout Session with the exact parameters", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      payload: {
        plan_id: "price_business_live",
        customer_data: {
          email: "zoe@example.re",
          name: "Zoé",
          domain: "zoe-stripe.localhost",
          plan: "Business",
        },
        success_url: `${ORIGIN}/success`,
        cancel_url: `${ORIGIN}/services`,
        koza_option: true,
        coupon_code: "stripe15",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake/);
    const call = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    const p = Object.fromEntries(call?.params ?? []);
    sessionId = res.json().checkout_url.split("/").at(-1);
    expect(p).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_business_live",
      "line_items[0][quantity]": "1",
      "line_items[0][tax_rates][0]": "txr_fake",
      "line_items[1][price_data][currency]": "eur",
      "line_items[1][price_data][unit_amount]": "5000",
      "line_items[1][tax_rates][0]": "txr_fake",
      "discounts[0][promotion_code]": "promo_fake",
      customer_email: "zoe@example.re",
      success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/services`,
      locale: "fr",
      "metadata[kind]": "order",
    });
    expect(p["metadata[reference]"]).toMatch(/^[0-9a-f-]{36}$/);
    const expiresIn = Number(p.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(29 * 60);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60);
    const tax = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/tax_rates");
    expect(Object.fromEntries(tax?.params ?? [])).toMatchObject({ percentage: "8.5", inclusive: "false" });
  });

  it("refuses forged and unsigned webhooks, changing nothing", async () => {
    const before = await orderCount();
    const forged = signed(completed(sessionId, "evt_forged"), "whsec_wrong");
    const bad = await deliver(completed(sessionId, "evt_forged"), forged.signature);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: "Signature du webhook invalide." });
    const unsigned = await deliver(completed(sessionId, "evt_unsigned"), "");
    expect(unsigned.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
    expect(await t.ctx.db.select().from(paymentEvents)).toHaveLength(0);
  });

  it("does nothing for an unpaid session, then creates one order from 20 concurrent duplicate deliveries", async () => {
    const before = await orderCount();
    expect((await deliver(completed(sessionId, "evt_early"))).statusCode).toBe(200);
    expect(await orderCount()).toBe(before);

    fake.markPaid(sessionId);
    const event = completed(sessionId, "evt_paid");
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await orderCount()).toBe(before + 1);

    const replay = await deliver(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await orderCount()).toBe(before + 1);

    const status = await t.app.inject({ url: `/api/order-status/${sessionId}` });
    expect(status.json()).toMatchObject({ status: "pending", koza_option: true, failed: false });
  });
});
