import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder, ordersNamed } from "../../test/factories.ts";
import { startFakeStripeApi } from "../../test/fake-stripe-api.ts";
import { createTestApp } from "../../test/test-context.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { checkoutSessions, coupons, type Order, orders, paymentEvents } from "../db/schema.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { findOrder, findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { addKozaCheckout } from "./add-koza.ts";
import { bySessionId, sessionIdHash } from "./checkout-session-id.ts";
import { CHECKOUT_LIFETIME_MS } from "./create-checkout-session.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
const ORIGIN = "http://localhost:3000";
const stripe = new Stripe("sk_test_fake");
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_STARTER: "price_starter_live",
  STRIPE_PRICE_BUSINESS: "price_business_live",
  STRIPE_PRICE_LIBRE: "price_libre_refused",
};

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

const sessionEvent = (type: string, id: string, eventId: string) => ({
  id: eventId,
  object: "event",
  type,
  data: { object: { id, object: "checkout.session" } },
});

describe("checkout with Stripe (its API faked at the HTTP edge)", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripeApi>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let visitors = 0;

  beforeAll(async () => {
    fake = await startFakeStripeApi();
    t = await createTestApp({ ...STRIPE_ENV, STRIPE_API_URL: fake.url });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const countOf = async (table: typeof checkoutSessions | typeof orders | typeof paymentEvents) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const rows = async () => ({
    sessions: await countOf(checkoutSessions),
    orders: await countOf(orders),
    events: await countOf(paymentEvents),
  });
  const provisioningJobs = async (orderId: string) => {
    const { rows } = await t.ctx.database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'provision-order' and data->>'orderId' = $1",
      [orderId],
    );
    return (rows[0] as { n: number }).n;
  };
  const checkoutCalls = () =>
    fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
  const create = (
    subdomain: string,
    extra: Record<string, unknown> = {},
    email = "zoe@example.re",
    cookie?: string,
  ) => {
    visitors += 1;
    return t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      remoteAddress: `10.1.0.${visitors}`,
      headers: cookie ? { cookie } : {},
      payload: {
        plan_id: "price_business_live",
        customer_data: {
          email,
          name: "Zoé",
          immediate_start: true,
          domain: `${subdomain}.localhost`,
          plan: "Business",
        },
        success_url: `${ORIGIN}/success`,
        cancel_url: `${ORIGIN}/services`,
        koza_option: false,
        ...extra,
      },
    });
  };
  const sessionIdOf = (res: { json(): { checkout_url: string } }) =>
    res.json().checkout_url.split("/").at(-1) as string;
  const deliver = (event: object, signature?: string, contentType = "application/json") => {
    const s = signed(event);
    return t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: {
        "content-type": contentType,
        ...(signature !== "" ? { "stripe-signature": signature ?? s.signature } : {}),
      },
      payload: s.payload,
    });
  };

  it("refuses to start with Stripe but the placeholder prices", () => {
    const env = {
      DATA_DIR: t.ctx.config.DATA_DIR,
      STRIPE_SECRET_KEY: "sk_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...env, STRIPE_PRICE_STARTER: "price_1", STRIPE_PRICE_BUSINESS: "price_2" }),
    ).toThrow("STRIPE_PRICE_LIBRE");
  });

  it("checks discount codes against Stripe's promotion codes, with French reasons", async () => {
    const check = async (code: string) =>
      (await t.app.inject({ method: "POST", url: `/api/validate-coupon/${code}` })).json();
    expect(await check("stripe15")).toEqual({ valid: true, coupon: { percent_off: 15 } });
    expect(await check("PASSE30")).toEqual({ valid: false, error: "Ce code a expiré." });
    expect(await check("EPUISE5")).toEqual({
      valid: false,
      error: "Ce code a atteint son nombre maximal d'utilisations.",
    });
    expect(await check("FIXE10")).toEqual({ valid: false, error: "Code de réduction invalide." });
    expect(await check("BIENVENUE10")).toEqual({ valid: false, error: "Code de réduction invalide." });
    expect(await t.ctx.db.select().from(coupons)).toEqual([]);
    const lookup = fake.lastParams("GET", "/v1/promotion_codes");
    expect(lookup).toMatchObject({ code: "BIENVENUE10", "expand[0]": "data.promotion.coupon" });
  });

  it("opens a subscription Checkout Session with the exact parameters", async () => {
    const asked = Date.now();
    const res = await create("zoe-stripe", { koza_option: true, coupon_code: "stripe15" });
    const answered = Date.now();
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake\d+$/);
    const [row] = await t.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.subdomain, "zoe-stripe"));
    const p = fake.lastParams("POST", "/v1/checkout/sessions");
    const expiresAt = Number(p.expires_at);
    // The hold's end (over Stripe's 30-minute minimum: checkout-routes.test.ts), drawn while the
    // request ran, in seconds.
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor((asked + CHECKOUT_LIFETIME_MS) / 1000));
    expect(expiresAt).toBeLessThanOrEqual(Math.floor((answered + CHECKOUT_LIFETIME_MS) / 1000));
    expect(expiresAt).toBe(Math.floor((row?.expiresAt.getTime() ?? 0) / 1000));
    expect(p).toEqual({
      mode: "subscription",
      "line_items[0][price]": "price_business_live",
      "line_items[0][quantity]": "1",
      "line_items[0][tax_rates][0]": "txr_fake",
      "line_items[1][price_data][currency]": "eur",
      "line_items[1][price_data][unit_amount]": "5000",
      "line_items[1][price_data][product_data][name]": "Koza — génération IA de votre site (5 pages)",
      "line_items[1][quantity]": "1",
      "line_items[1][tax_rates][0]": "txr_fake",
      "discounts[0][promotion_code]": "promo_fake",
      customer_email: "zoe@example.re",
      success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/services`,
      expires_at: String(expiresAt),
      locale: "fr",
      "metadata[reference]": row?.id,
      "metadata[kind]": "order",
      "subscription_data[metadata][reference]": row?.id,
      "subscription_data[metadata][kind]": "order",
    });
    expect(row).toMatchObject({
      providerSessionHash: sessionIdHash(sessionIdOf(res)),
      percentOff: 15,
      couponCode: "STRIPE15",
    });
    // The session id is kept sealed (to close it at Stripe), never in clear.
    expect(JSON.stringify(row)).not.toContain(sessionIdOf(res));
    expect(t.ctx.secrets.open(row?.providerSessionEnc as string)).toBe(sessionIdOf(res));

    const taxRates = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/tax_rates");
    expect(taxRates).toHaveLength(1);
    expect(Object.fromEntries(taxRates[0]?.params ?? [])).toEqual({
      display_name: "TVA",
      description: "TVA 8,5 %",
      percentage: "8.5",
      inclusive: "false",
      country: "RE",
      jurisdiction: "RE",
      "metadata[purpose]": "lagon-vat-8.5",
    });

    expect((await create("sans-koza")).statusCode).toBe(200);
    const plain = fake.lastParams("POST", "/v1/checkout/sessions");
    expect(
      Object.keys(plain).filter((k) => k.startsWith("line_items[1]") || k.startsWith("discounts")),
    ).toEqual([]);
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/tax_rates")).toHaveLength(1);
  });

  it.each([
    ["an expired code", { coupon_code: "passe30" }, "Ce code a expiré."],
    ["an unknown code", { coupon_code: "inconnu" }, "Code de réduction invalide."],
    [
      "a foreign success URL",
      { success_url: "https://evil.example/success" },
      "Adresse de retour non autorisée.",
    ],
    ["an unknown plan", { plan_id: "price_local_business" }, "Formule inconnue."],
  ])("refuses %s before calling Stripe, writing nothing", async (_, extra, detail) => {
    const before = await rows();
    const calls = checkoutCalls().length;
    const res = await create("refuse", extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect(await rows()).toEqual(before);
    expect(checkoutCalls()).toHaveLength(calls);
  });

  it("closes the visitor's earlier session when they come back from Stripe and try again", async () => {
    const first = await create("aller-retour");
    // The same browser: it sends back the cookie its first checkout gave it.
    const cookie = String(first.headers["set-cookie"]).split(";")[0];
    const second = await create("aller-retour", { koza_option: true }, "zoe@example.re", cookie);
    expect(second.statusCode).toBe(200);
    expect(fake.lastParams("POST", `/v1/checkout/sessions/${sessionIdOf(first)}/expire`)).toEqual({});
    const holds = await t.ctx.db
      .select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.subdomain, "aller-retour"))
      .orderBy(checkoutSessions.createdAt);
    expect(holds.map((h) => h.status).sort()).toEqual(["expired", "open"]);

    // Someone else, even with the visitor's e-mail address, neither closes nor replaces it.
    const expiries = fake.requests.filter((r) => r.path.endsWith("/expire")).length;
    const stranger = await create("aller-retour", {}, "zoe@example.re");
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().detail).toMatch(/en cours de réservation/);
    expect(fake.requests.filter((r) => r.path.endsWith("/expire"))).toHaveLength(expiries);
  });

  it("refuses forged and unsigned webhooks, changing nothing", async () => {
    const sessionId = sessionIdOf(await create("signee"));
    fake.markPaid(sessionId);
    const before = await rows();
    const event = sessionEvent("checkout.session.completed", sessionId, "evt_forged");
    const forged = await deliver(event, signed(event, "whsec_wrong").signature);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: "Signature du webhook invalide." });
    const unsigned = await deliver(event, "");
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ detail: "Signature du webhook invalide." });
    const stale = signed(event);
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": stale.signature },
      payload: stale.payload.replace("evt_forged", "evt_forgee"),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it("does nothing for an unpaid session, then makes one order and one provisioning job of 20 concurrent deliveries", async () => {
    const res = await create("vingt-fois", { koza_option: true });
    const sessionId = sessionIdOf(res);
    const before = await rows();
    const early = await deliver(sessionEvent("checkout.session.completed", sessionId, "evt_early"));
    expect(early.statusCode).toBe(200);
    expect(await countOf(orders)).toBe(before.orders);

    fake.markPaid(sessionId);
    const event = sessionEvent("checkout.session.completed", sessionId, "evt_paid");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => deliver(event, undefined, "application/json; charset=utf-8")),
    );
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await countOf(orders)).toBe(before.orders + 1);
    const [paid] = await ordersNamed(t.ctx.db, "vingt-fois");
    const order = await findShownOrder(t.ctx.db, paid?.id as string);
    expect(order).toMatchObject({
      status: "pending",
      kozaOption: true,
      stripeCustomerId: "cus_fake",
      stripeSubscriptionId: "sub_fake",
    });
    expect((await getSite(t.ctx.db, order?.id as string)).kozaStatus).toBe("pending");
    expect(await provisioningJobs(order?.id as string)).toBe(1);
    const [checkout] = await t.ctx.db.select().from(checkoutSessions).where(bySessionId(sessionId));
    expect(checkout).toMatchObject({ status: "completed", orderId: order?.id });

    const events = await countOf(paymentEvents);
    const replay = await deliver(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await countOf(orders)).toBe(before.orders + 1);
    expect(await countOf(paymentEvents)).toBe(events);

    const status = await t.app.inject({ url: `/api/order-status/${sessionId}` });
    expect(status.json()).toMatchObject({
      status: "pending",
      order_id: order?.id,
      koza_option: true,
      failed: false,
    });
  });

  it("fulfils from the success page's poll when the webhook is late", async () => {
    const sessionId = sessionIdOf(await create("webhook-en-retard"));
    expect((await t.app.inject({ url: `/api/order-status/${sessionId}` })).json()).toMatchObject({
      status: "pending",
      order_id: null,
    });
    fake.markPaid(sessionId);
    const polled = (await t.app.inject({ url: `/api/order-status/${sessionId}` })).json();
    const [order] = await ordersNamed(t.ctx.db, "webhook-en-retard");
    expect(polled).toMatchObject({ status: "pending", order_id: order?.id });
    const late = await deliver(sessionEvent("checkout.session.completed", sessionId, "evt_late"));
    expect(late.statusCode).toBe(200);
    expect(await ordersNamed(t.ctx.db, "webhook-en-retard")).toHaveLength(1);
  });

  it("releases the subdomain when Stripe reports the session expired", async () => {
    const sessionId = sessionIdOf(await create("abandon"));
    const availability = async () =>
      (await t.app.inject({ url: "/api/subdomain-availability/abandon" })).json();
    expect((await availability()).available).toBe(false);
    const res = await deliver(sessionEvent("checkout.session.expired", sessionId, "evt_expired"));
    expect(res.statusCode).toBe(200);
    expect(await availability()).toEqual({ available: true });
    const [row] = await t.ctx.db.select().from(checkoutSessions).where(bySessionId(sessionId));
    expect(row?.status).toBe("expired");
  });

  it("answers a session Stripe refuses with a French 502, keeping no hold", async () => {
    const before = await rows();
    const res = await create("en-panne", { plan_id: "price_libre_refused" });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: "Erreur lors de la création de la session de paiement" });
    expect(await rows()).toEqual(before);
    expect((await t.app.inject({ url: "/api/subdomain-availability/en-panne" })).json()).toEqual({
      available: true,
    });
  });

  it("sells Koza after the order as a one-off payment, added once when paid", async () => {
    const orderId = await givenPaidOrder(t.ctx, { kozaOption: false });
    const order = await findOrder(t.ctx.db, orderId);
    const { checkout_url } = await addKozaCheckout(
      t.ctx,
      order as Order,
      magicLinkUrl(t.ctx, order as Order),
    );
    const [row] = await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.orderId, orderId));
    const p = fake.lastParams("POST", "/v1/checkout/sessions");
    expect(p).toEqual({
      mode: "payment",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[0][price_data][product_data][name]": "Koza — génération IA de votre site (5 pages)",
      "line_items[0][quantity]": "1",
      "line_items[0][tax_rates][0]": "txr_fake",
      customer_email: order?.customerEmail,
      success_url: expect.stringMatching(
        new RegExp(
          `^${ORIGIN}/dashboard/${orderId}\\?token=[\\w-]+&koza=paye&session_id=\\{CHECKOUT_SESSION_ID\\}$`,
        ),
      ),
      cancel_url: expect.stringMatching(
        new RegExp(`^${ORIGIN}/dashboard/${orderId}\\?token=[\\w-]+&koza=annule$`),
      ),
      expires_at: expect.stringMatching(/^\d+$/),
      locale: "fr",
      "metadata[reference]": row?.id,
      "metadata[kind]": "koza",
      "payment_intent_data[metadata][reference]": row?.id,
      "payment_intent_data[metadata][kind]": "koza",
    });

    const sessionId = checkout_url.split("/").at(-1) as string;
    fake.markPaid(sessionId);
    const event = sessionEvent("checkout.session.completed", sessionId, "evt_koza");
    await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    const paid = await findOrder(t.ctx.db, orderId);
    expect(paid).toMatchObject({ kozaOption: true });
    expect((await getSite(t.ctx.db, orderId)).kozaStatus).toBe("pending");
    expect((await t.app.inject({ url: `/api/order-status/${sessionId}` })).statusCode).toBe(404);
  });

  it("has no local test checkout when Stripe is configured", async () => {
    const res = await t.app.inject({ url: `/api/test-checkout/cs_local_${"a".repeat(43)}` });
    expect(res.statusCode).toBe(404);
  });
});
