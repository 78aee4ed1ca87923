import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder, ordersNamed } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { checkoutSessions, coupons, type Order, orderLogs, orders } from "../db/schema.ts";
import { magicLinkToken, pageToken } from "../orders/magic-link.ts";
import { findShownOrder, ordersOfEmail } from "../orders/orders-table.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { bySessionId } from "./checkout-session-id.ts";
import { CHECKOUT_LIFETIME_MS } from "./create-checkout-session.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";

const ORIGIN = "http://localhost:3000";
const MISSING = "Veuillez remplir tous les champs obligatoires (nom, domaine et courriel).";
const FORMAT = "Format invalide (lettres, chiffres et tirets uniquement)";

function payload(overrides: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) {
  return {
    plan_id: "price_local_business",
    customer_data: {
      email: "Zoe@Example.re",
      name: "Zoé Payet",
      phone: "0692 00 00 00",
      company_name: "Boulangerie Payet",
      address: "3 rue des Flamboyants",
      city: "Saint-Paul",
      postal_code: "97460",
      country: "Réunion",
      siret: "123 456 789 00012",
      company_type: "SARL",
      directory_opt_in: true,
      category: "Restauration / Hôtellerie",
      domain: "boulangerie-payet.localhost",
      plan: "Business",
      immediate_start: true,
      ...customer,
    },
    success_url: `${ORIGIN}/success`,
    cancel_url: `${ORIGIN}/?plan=business`,
    koza_option: true,
    ...overrides,
  };
}

describe("checkout API (local test checkout)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const countOf = async (table: typeof checkoutSessions | typeof orders | typeof orderLogs) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const rows = async () => ({ sessions: await countOf(checkoutSessions), orders: await countOf(orders) });
  // Each call comes from its own visitor: these routes allow 20 calls per address.
  let visitors = 0;
  const visitor = () => {
    visitors += 1;
    return `10.0.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
  };
  const create = (body: unknown, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      payload: body as object,
      headers: cookie ? { cookie } : {},
      remoteAddress: visitor(),
    });
  /** The cookie a browser sends back after this answer: the proof it opened that checkout. */
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers["set-cookie"]).split(";")[0] as string;
  const sessionIdOf = (res: { json(): { checkout_url: string } }) =>
    new URL(res.json().checkout_url).pathname.split("/").at(-1) as string;
  const pay = (sessionId: string) =>
    t.app.inject({ method: "POST", url: `/api/test-checkout/${sessionId}/pay`, remoteAddress: visitor() });
  const provisioningJobs = async (orderId: string) => {
    const { rows } = await t.ctx.database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'provision-order' and data->>'orderId' = $1",
      [orderId],
    );
    return (rows[0] as { n: number }).n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await givenPaidOrder(t.ctx, { subdomain: "deja-pris" });
    await t.ctx.db.insert(coupons).values({ code: "EPUISE", percentOff: 30, maxUses: 2, timesUsed: 2 });
  });
  afterAll(() => t?.close());

  it("validates discount codes with French reasons, writing nothing", async () => {
    const check = async (code: string) =>
      (
        await t.app.inject({ method: "POST", url: `/api/validate-coupon/${encodeURIComponent(code)}` })
      ).json();
    const before = await t.ctx.db.select().from(coupons);
    expect(await check("bienvenue10")).toEqual({ valid: true, coupon: { percent_off: 10 } });
    expect(await check("LANCEMENT20")).toEqual({ valid: true, coupon: { percent_off: 20 } });
    expect(await check("EXPIRE50")).toEqual({ valid: false, error: "Ce code a expiré." });
    expect(await check("EPUISE")).toEqual({
      valid: false,
      error: "Ce code a atteint son nombre maximal d'utilisations.",
    });
    for (const bad of ["NOPE", "x", "é-code", "A".repeat(60)]) {
      expect(await check(bad)).toEqual({ valid: false, error: "Code de réduction invalide." });
    }
    expect(await t.ctx.db.select().from(coupons)).toEqual(before);
  });

  it("answers subdomain availability with French reasons", async () => {
    const check = async (name: string) =>
      (await t.app.inject({ url: `/api/subdomain-availability/${encodeURIComponent(name)}` })).json();
    expect(await check("libre-comme-lair")).toEqual({ available: true });
    expect(await check("Libre-Comme-Lair")).toEqual({ available: true });
    for (const bad of ["ab", "-abc", "abc-", "a_b_c", "x".repeat(64)]) {
      expect(await check(bad)).toEqual({ available: false, detail: FORMAT });
    }
    expect(await check("admin")).toEqual({
      available: false,
      detail: "Ce sous-domaine est réservé. Choisissez-en un autre.",
    });
    expect(await check("deja-pris")).toEqual({
      available: false,
      detail: "Ce sous-domaine est déjà utilisé. Choisissez-en un autre.",
    });
  });

  it.each([
    ["a two-character subdomain", payload({}, { domain: "ab.localhost" }), 400, FORMAT],
    ["a subdomain with a dot of its own", payload({}, { domain: "a.b.localhost" }), 400, FORMAT],
    [
      "a reserved subdomain",
      payload({}, { domain: "admin.localhost" }),
      409,
      "Ce sous-domaine est réservé. Choisissez-en un autre.",
    ],
    [
      "a taken subdomain",
      payload({}, { domain: "deja-pris.localhost" }),
      409,
      "Ce sous-domaine est déjà utilisé. Choisissez-en un autre.",
    ],
    [
      "a domain on another base",
      payload({}, { domain: "site.example.com" }),
      400,
      "Format de domaine invalide.",
    ],
    ["a missing domain", payload({}, { domain: "" }), 400, MISSING],
    ["a missing name", payload({}, { name: "  " }), 400, MISSING],
    ["an absent name", payload({}, { name: undefined }), 400, MISSING],
    ["a missing e-mail", payload({}, { email: undefined }), 400, MISSING],
    ["an invalid e-mail", payload({}, { email: "zoe@" }), 400, "Adresse e-mail invalide."],
    [
      "a missing plan",
      payload({ plan_id: undefined }),
      400,
      "Veuillez d'abord sélectionner un plan et remplir le formulaire de domaine.",
    ],
    ["an unknown plan", payload({ plan_id: "price_unknown" }), 400, "Formule inconnue."],
    ["an unknown country", payload({}, { country: "Belgique" }), 400, "Pays inconnu."],
    ["an unknown legal form", payload({}, { company_type: "SA" }), 400, "Forme juridique inconnue."],
    ["an unknown category", payload({}, { category: "Casino" }), 400, "Catégorie inconnue."],
    ["a short SIRET", payload({}, { siret: "1234" }), 400, "Le SIRET compte 14 chiffres."],
    ["an unknown coupon", payload({ coupon_code: "nope" }), 400, "Code de réduction invalide."],
    ["an expired coupon", payload({ coupon_code: "expire50" }), 400, "Ce code a expiré."],
    [
      "a used-up coupon",
      payload({ coupon_code: "EPUISE" }),
      400,
      "Ce code a atteint son nombre maximal d'utilisations.",
    ],
    [
      "a foreign success URL",
      payload({ success_url: "https://evil.example/success" }),
      400,
      "Adresse de retour non autorisée.",
    ],
    [
      "a success URL on another port",
      payload({ success_url: "http://localhost:4000/success" }),
      400,
      "Adresse de retour non autorisée.",
    ],
    [
      "a foreign cancel URL",
      payload({ cancel_url: "https://evil.example/" }),
      400,
      "Adresse de retour non autorisée.",
    ],
    [
      "a cancel URL that is not one",
      payload({ cancel_url: "javascript:alert(1)" }),
      400,
      "Adresse de retour non autorisée.",
    ],
  ])("refuses %s with a French detail and writes nothing", async (_, body, status, detail) => {
    const before = await rows();
    const res = await create(body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ detail });
    expect(await rows()).toEqual(before);
  });

  it("opens a test checkout that holds the subdomain, and fulfils once however often it is paid", async () => {
    const asked = Date.now();
    const res = await create(payload({ coupon_code: " bienvenue10 " }));
    const answered = Date.now();
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().checkout_url);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toMatch(/^\/paiement-test\/cs_local_[\w-]{43}$/);
    const sessionId = sessionIdOf(res);
    const [held] = await t.ctx.db.select().from(checkoutSessions).where(bySessionId(sessionId));
    // Over Stripe's 30-minute minimum, by one minute at most, from the moment the server drew it
    // (between the request and its answer, however long the machine took).
    expect(CHECKOUT_LIFETIME_MS).toBeGreaterThan(30 * 60 * 1000);
    expect(CHECKOUT_LIFETIME_MS).toBeLessThanOrEqual(31 * 60 * 1000);
    expect(held?.expiresAt.getTime()).toBeGreaterThanOrEqual(asked + CHECKOUT_LIFETIME_MS);
    expect(held?.expiresAt.getTime()).toBeLessThanOrEqual(answered + CHECKOUT_LIFETIME_MS);

    const held409 =
      "Ce sous-domaine est en cours de réservation par un autre client. Réessayez dans 30 minutes ou choisissez-en un autre.";
    const before = await rows();
    const other = await create(payload({}, { email: "autre@example.re" }));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: held409 });
    expect(await rows()).toEqual(before);
    expect((await t.app.inject({ url: "/api/subdomain-availability/boulangerie-payet" })).json()).toEqual({
      available: false,
      detail: held409,
    });

    const view = await t.app.inject({ url: `/api/test-checkout/${sessionId}` });
    expect(view.json()).toEqual({
      session_id: sessionId,
      status: "open",
      status_label: "En attente de paiement",
      customer_email: "zoe@example.re",
      lines: [
        { label: "Formule Business (mensuel, HT)", amount_cents: 5000, recurring: true },
        { label: "Koza — génération IA de votre site (une fois, HT)", amount_cents: 5000, recurring: false },
      ],
      discount_label: "Code BIENVENUE10 (−10 %)",
      discount_cents: 500,
      vat_label: "TVA 8,5 %",
      vat_cents: 383 + 425,
      total_cents: 4500 + 383 + 5000 + 425,
      cancel_url: `${ORIGIN}/?plan=business`,
    });

    const pays = await Promise.all(Array.from({ length: 20 }, () => pay(sessionId)));
    for (const p of pays) {
      expect(p.statusCode).toBe(200);
      expect(p.json()).toEqual({ redirect_url: `${ORIGIN}/success?session_id=${sessionId}` });
    }
    expect(await countOf(orders)).toBe(before.orders + 1);

    const [paid] = await ordersNamed(t.ctx.db, "boulangerie-payet");
    const order = await findShownOrder(t.ctx.db, paid?.id as string);
    expect(order).toMatchObject({
      checkoutSessionId: held?.id,
      status: "pending",
      planId: "business",
      customerName: "Zoé Payet",
      customerEmail: "zoe@example.re",
      siret: "12345678900012",
      companyType: "SARL",
      country: "Réunion",
      kozaOption: true,
      directoryOptIn: true,
      category: "Restauration / Hôtellerie",
      monthlyPriceCents: 5000,
      discountPercent: 10,
      couponCode: "BIENVENUE10",
    });
    expect((await getSite(t.ctx.db, order?.id as string)).kozaStatus).toBe("pending");
    expect(await provisioningJobs(order?.id as string)).toBe(1);
    const [coupon] = await t.ctx.db.select().from(coupons).where(eq(coupons.code, "BIENVENUE10"));
    expect(coupon?.timesUsed).toBe(1);
    const [checkout] = await t.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, held?.id as string));
    expect(checkout).toMatchObject({ status: "completed", orderId: order?.id });
    expect((await t.app.inject({ url: `/api/test-checkout/${sessionId}` })).json()).toMatchObject({
      status: "paid",
      status_label: "Payée",
    });

    const status = await t.app.inject({ url: `/api/order-status/${sessionId}` });
    expect(status.json()).toEqual({
      status: "pending",
      order_id: order?.id,
      magic_link_token: null,
      domain: "boulangerie-payet.localhost:8080",
      wp_admin_user: null,
      wp_admin_password: null,
      koza_option: true,
      failed: false,
    });
  });

  it("gives the credentials and the page token only once the site is live, and only to that session", async () => {
    const first = await create(
      payload({ koza_option: false }, { domain: "site-un.localhost", email: "un@example.re" }),
    );
    const second = await create(payload({}, { domain: "site-deux.localhost", email: "deux@example.re" }));
    const [one, two] = [sessionIdOf(first), sessionIdOf(second)];
    await pay(one);
    await pay(two);
    const [order] = await ordersNamed(t.ctx.db, "site-un");
    await updateSite(t.ctx.db, order?.id as string, {
      setup: "active",
      wpUsername: "payet-admin",
      wpPasswordEnc: t.ctx.secrets.seal("mot-de-passe-wp"),
      wpAdminUrl: "http://site-un.localhost:8080/wp-admin/",
    });

    const live = (await t.app.inject({ url: `/api/order-status/${one}` })).json();
    const [withPageToken] = await ordersNamed(t.ctx.db, "site-un");
    expect(live.magic_link_token).not.toBe(magicLinkToken(t.ctx, order as Order));
    expect(live).toEqual({
      status: "completed",
      order_id: order?.id,
      magic_link_token: await pageToken(t.ctx, withPageToken as Order),
      domain: "site-un.localhost:8080",
      wp_admin_user: "payet-admin",
      wp_admin_password: "mot-de-passe-wp",
      koza_option: false,
      failed: false,
    });
    const others = (await t.app.inject({ url: `/api/order-status/${two}` })).json();
    expect(others).toMatchObject({ status: "pending", magic_link_token: null, wp_admin_password: null });
    expect(others.order_id).not.toBe(order?.id);

    const [failed] = await ordersNamed(t.ctx.db, "site-deux");
    await updateSite(t.ctx.db, failed?.id as string, { setup: "error" });
    expect((await t.app.inject({ url: `/api/order-status/${two}` })).json()).toMatchObject({
      status: "error",
      failed: true,
      magic_link_token: null,
    });
  });

  it("lets no one else expire or replace an open checkout, even with the same e-mail address", async () => {
    const first = await create(payload({}, { domain: "pas-a-toi.localhost" }));
    const firstId = sessionIdOf(first);
    const elsewhere = await create(payload({}, { domain: "ailleurs.localhost" }));
    const before = await rows();
    for (const cookie of [
      undefined,
      "lagon_hold_pas-a-toi=devine",
      // A real proof, but of another checkout.
      cookieOf(elsewhere).replace("lagon_hold_ailleurs", "lagon_hold_pas-a-toi"),
    ]) {
      const stranger = await create(payload({}, { domain: "pas-a-toi.localhost" }), cookie);
      expect(stranger.statusCode, cookie).toBe(409);
      expect(stranger.json().detail).toBe(
        "Ce sous-domaine est en cours de réservation par un autre client. Réessayez dans 30 minutes ou choisissez-en un autre.",
      );
    }
    expect(await rows()).toEqual(before);
    expect((await t.app.inject({ url: `/api/test-checkout/${firstId}` })).json().status).toBe("open");
    expect((await pay(firstId)).statusCode).toBe(200);
  });

  it("lets a visitor who left the payment page start again, closing their earlier checkout", async () => {
    const first = await create(payload({}, { domain: "retour.localhost" }));
    const firstId = sessionIdOf(first);
    const cookie = cookieOf(first);
    const [checkoutCookie, availabilityCookie] = first.headers["set-cookie"] as string[];
    expect(checkoutCookie).toMatch(
      /^lagon_hold_retour=[\w-]{43}; Path=\/api\/stripe\/create-checkout-session; Max-Age=18\d\d; HttpOnly; SameSite=Strict$/,
    );
    expect(availabilityCookie).toMatch(
      /^lagon_hold_retour=[\w-]{43}; Path=\/api\/subdomain-availability\/retour; Max-Age=18\d\d; HttpOnly; SameSite=Strict$/,
    );
    // Their own checkout does not make the subdomain unavailable to them; it does to anyone else.
    const availability = (headers: Record<string, string>) =>
      t.app.inject({ url: "/api/subdomain-availability/retour", headers }).then((r) => r.json());
    expect(await availability({ cookie })).toEqual({ available: true });
    expect(await availability({})).toMatchObject({
      available: false,
      detail: expect.stringMatching(/autre client/),
    });
    expect(await availability({ cookie: cookie.replace(/=.*/, "=devine") })).toMatchObject({
      available: false,
    });
    // From the same browser (its cookie), even with the e-mail address corrected.
    const again = await create(
      payload({ koza_option: false }, { domain: "retour.localhost", email: "zoe.payet@example.re" }),
      cookie,
    );
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/test-checkout/${firstId}` })).json()).toMatchObject({
      status: "expired",
      status_label: "Expirée",
    });

    const before = await rows();
    const late = await pay(firstId);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      detail: "Cette session de paiement a expiré. Recommencez votre commande.",
    });
    expect(await rows()).toEqual(before);

    expect((await pay(sessionIdOf(again))).statusCode).toBe(200);
    const [order] = await ordersNamed(t.ctx.db, "retour");
    expect(order?.kozaOption).toBe(false);
  });

  it("stores the session id hashed and sealed; one migrated without its sealed copy stays held, and pays", async () => {
    const first = await create(payload({}, { domain: "ancienne.localhost" }));
    const firstId = sessionIdOf(first);
    const [stored] = await t.ctx.db.select().from(checkoutSessions).where(bySessionId(firstId));
    expect(JSON.stringify(stored)).not.toContain(firstId);
    expect(t.ctx.secrets.open(stored?.providerSessionEnc as string)).toBe(firstId);

    // As migration 0004 leaves a checkout opened before it: found by its hash, no sealed copy.
    await t.ctx.db.update(checkoutSessions).set({ providerSessionEnc: null }).where(bySessionId(firstId));
    const again = await create(payload({}, { domain: "ancienne.localhost" }), cookieOf(first));
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ url: `/api/test-checkout/${firstId}` })).json().status).toBe("open");
    expect((await pay(firstId)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/order-status/${firstId}` })).json()).toMatchObject({
      status: "pending",
    });
    expect(await ordersNamed(t.ctx.db, "ancienne")).toHaveLength(1);
  });

  it("answers every one of many concurrent fulfilments of a payment with its one order", async () => {
    for (const name of ["foule-1", "foule-2", "foule-3", "foule-4", "foule-5"]) {
      const sessionId = sessionIdOf(await create(payload({}, { domain: `${name}.localhost` })));
      await t.ctx.db.update(checkoutSessions).set({ paidAt: new Date() }).where(bySessionId(sessionId));
      const results = await Promise.all(Array.from({ length: 30 }, () => fulfilCheckout(t.ctx, sessionId)));
      const made = await ordersNamed(t.ctx.db, name);
      expect(made).toHaveLength(1);
      expect(new Set(results.map((r) => r.orderId))).toEqual(new Set([made[0]?.id]));
      expect(await provisioningJobs(made[0]?.id as string)).toBe(1);
    }
  });

  it("starts provisioning again when a delivery died between the order and its job", async () => {
    const sessionId = sessionIdOf(await create(payload({}, { domain: "reprise-paiement.localhost" })));
    await t.ctx.db.update(checkoutSessions).set({ paidAt: new Date() }).where(bySessionId(sessionId));
    const { orderId } = await fulfilCheckout(t.ctx, sessionId);
    // As if the process had died right after inserting the order: no job, checkout still open.
    await t.ctx.database.sql.executeSql(
      "delete from pgboss.job where name = 'provision-order' and data->>'orderId' = $1",
      [orderId],
    );
    await t.ctx.db
      .update(checkoutSessions)
      .set({ status: "open", orderId: null })
      .where(bySessionId(sessionId));
    expect(await provisioningJobs(orderId as string)).toBe(0);

    expect(await fulfilCheckout(t.ctx, sessionId)).toEqual({ orderId });
    expect(await provisioningJobs(orderId as string)).toBe(1);
    expect(await ordersNamed(t.ctx.db, "reprise-paiement")).toHaveLength(1);
  });

  it("holds a subdomain for one visitor only, even when twenty ask at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create(payload({}, { domain: "course.localhost", email: `visiteur${i}@example.re` })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const holds = await t.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.subdomain, "course"));
    expect(holds).toHaveLength(1);
  });

  it("releases the subdomain when the checkout expires; an expired checkout cannot be paid", async () => {
    const res = await create(payload({}, { domain: "perime.localhost" }));
    const sessionId = sessionIdOf(res);
    await t.ctx.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(bySessionId(sessionId));
    expect((await t.app.inject({ url: "/api/subdomain-availability/perime" })).json()).toEqual({
      available: true,
    });

    const before = await rows();
    const late = await pay(sessionId);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      detail: "Cette session de paiement a expiré. Recommencez votre commande.",
    });
    expect(await rows()).toEqual(before);
    expect((await t.app.inject({ url: `/api/order-status/${sessionId}` })).json()).toMatchObject({
      status: "pending",
      order_id: null,
    });
  });

  it("never drops a paid order: a subdomain taken during payment gets a suffix and a log line", async () => {
    const res = await create(payload({}, { domain: "convoite.localhost", email: "lent@example.re" }));
    await givenPaidOrder(t.ctx, { subdomain: "convoite" });
    expect((await pay(sessionIdOf(res))).statusCode).toBe(200);
    const [order] = await ordersOfEmail(t.ctx.db, "lent@example.re");
    expect(order?.subdomain).toBe("convoite-2");
    const logs = await t.ctx.db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, order?.id as string));
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: "warning",
        action: "subdomain",
        details:
          "Le sous-domaine « convoite » a été pris pendant le paiement : le site est créé sur « convoite-2 ».",
      }),
    );
  });

  it("answers unknown sessions with French errors", async () => {
    const status = await t.app.inject({ url: "/api/order-status/cs_nope" });
    expect(status.statusCode).toBe(404);
    expect(status.json()).toEqual({ detail: "Session de paiement introuvable." });
    const unknown = `cs_local_${"a".repeat(43)}`;
    for (const res of [await t.app.inject({ url: `/api/test-checkout/${unknown}` }), await pay(unknown)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Session de paiement introuvable." });
    }
    const malformed = await t.app.inject({ url: "/api/test-checkout/cs_test_123" });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ detail: "Session de paiement introuvable." });
  });

  it("has no Stripe webhook without Stripe", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/stripe/webhook", payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it("limits the rate of coupon checks, in French", async () => {
    // An address of its own: on the first test's address, a minute window that ended in the middle
    // of the 40 could leave each part under the 30 allowed.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({ method: "POST", url: "/api/validate-coupon/NOPE", remoteAddress: "192.0.2.40" }),
      ),
    );
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.json()).toMatchObject({
      detail: "Trop de tentatives. Veuillez patienter avant de réessayer.",
    });
  });
});
