import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { checkoutSessions, coupons, orders } from "../db/schema.ts";

const ORIGIN = "http://localhost:3000";

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
      siret: "12345678900012",
      company_type: "SARL",
      directory_opt_in: true,
      category: "Restauration / Hôtellerie",
      domain: "boulangerie-payet.localhost",
      plan: "Business",
      ...customer,
    },
    success_url: `${ORIGIN}/success`,
    cancel_url: `${ORIGIN}/`,
    koza_option: true,
    ...overrides,
  };
}

describe("checkout API (local test checkout)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const sessions = async () => (await t.ctx.db.select({ n: count() }).from(checkoutSessions))[0]?.n ?? 0;
  const orderCount = async () => (await t.ctx.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
  const create = (body: unknown) =>
    t.app.inject({ method: "POST", url: "/api/stripe/create-checkout-session", payload: body as object });

  beforeAll(async () => {
    t = await createTestApp();
    await givenPaidOrder(t.ctx, { subdomain: "deja-pris" });
  });
  afterAll(() => t?.close());

  it("validates coupons", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/validate-coupon/bienvenue10" });
    expect(ok.json()).toEqual({ valid: true, coupon: { percent_off: 10 } });
    const expired = await t.app.inject({ method: "POST", url: "/api/validate-coupon/EXPIRE50" });
    expect(expired.json()).toEqual({ valid: false, error: "Ce code a expiré." });
    const unknown = await t.app.inject({ method: "POST", url: "/api/validate-coupon/NOPE" });
    expect(unknown.json()).toEqual({ valid: false, error: "Code de réduction invalide." });
  });

  it("answers subdomain availability with French reasons", async () => {
    const check = async (name: string) =>
      (await t.app.inject({ url: `/api/subdomain-availability/${name}` })).json();
    expect(await check("libre-comme-lair")).toEqual({ available: true });
    expect(await check("ab")).toEqual({
      available: false,
      detail: "Format invalide (lettres, chiffres et tirets uniquement)",
    });
    expect((await check("admin")).detail).toMatch(/réservé/);
    expect((await check("deja-pris")).detail).toMatch(/déjà utilisé/);
  });

  it.each([
    [
      "a two-character subdomain",
      payload({}, { domain: "ab.localhost" }),
      400,
      "Format invalide (lettres, chiffres et tirets uniquement)",
    ],
    ["a reserved subdomain", payload({}, { domain: "admin.localhost" }), 409, "réservé"],
    ["a taken subdomain", payload({}, { domain: "deja-pris.localhost" }), 409, "déjà utilisé"],
    [
      "a missing name",
      payload({}, { name: "" }),
      400,
      "Veuillez remplir tous les champs obligatoires (nom, domaine et courriel).",
    ],
    [
      "a missing e-mail",
      payload({}, { email: undefined }),
      400,
      "Veuillez remplir tous les champs obligatoires (nom, domaine et courriel).",
    ],
    ["an unknown plan", payload({ plan_id: "price_unknown" }), 400, "Formule inconnue."],
    ["an expired coupon", payload({ coupon_code: "expire50" }), 400, "Ce code a expiré."],
    [
      "a foreign success URL",
      payload({ success_url: "https://evil.example/success" }),
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
      "a domain on another base",
      payload({}, { domain: "site.example.com" }),
      400,
      "Format de domaine invalide.",
    ],
  ])("refuses %s with a French detail and writes nothing", async (_, body, status, detail) => {
    const before = await sessions();
    const res = await create(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(detail);
    expect(await sessions()).toBe(before);
  });

  it("opens a test checkout, holds the subdomain, and fulfils once however often it is paid", async () => {
    const res = await create(payload({ coupon_code: "bienvenue10" }));
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().checkout_url);
    expect(url.origin).toBe(ORIGIN);
    const sessionId = url.pathname.split("/").at(-1) as string;
    expect(sessionId).toMatch(/^cs_local_[\w-]{40,}$/);

    const again = await create(payload({}, { email: "autre@example.re" }));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/en cours de réservation/);

    const view = (await t.app.inject({ url: `/api/test-checkout/${sessionId}` })).json();
    expect(view).toMatchObject({
      status: "open",
      discount_cents: 500,
      vat_cents: 383 + 425,
      total_cents: 4500 + 383 + 5425,
    });
    expect(view.lines.map((l: { label: string }) => l.label)).toEqual([
      "Formule Business (mensuel, HT)",
      "Koza — génération IA de votre site (une fois, HT)",
    ]);

    const before = await orderCount();
    const pays = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: "POST", url: `/api/test-checkout/${sessionId}/pay` }),
      ),
    );
    for (const p of pays) expect(p.statusCode).toBe(200);
    expect(pays[0]?.json().redirect_url).toBe(`${ORIGIN}/success?session_id=${sessionId}`);
    expect(await orderCount()).toBe(before + 1);

    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.subdomain, "boulangerie-payet"));
    expect(order).toMatchObject({
      customerEmail: "zoe@example.re",
      planId: "business",
      kozaOption: true,
      kozaStatus: "pending",
      directoryOptIn: true,
      category: "Restauration / Hôtellerie",
      discountPercent: 10,
      couponCode: "BIENVENUE10",
    });
    const [coupon] = await t.ctx.db.select().from(coupons).where(eq(coupons.code, "BIENVENUE10"));
    expect(coupon?.timesUsed).toBe(1);

    const status = await t.app.inject({ url: `/api/order-status/${sessionId}` });
    expect(status.json()).toMatchObject({
      status: "pending",
      order_id: order?.id,
      magic_link_token: null,
      failed: false,
    });
  });

  it("answers an unknown session with a French 404", async () => {
    const res = await t.app.inject({ url: "/api/order-status/cs_nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Session de paiement introuvable.");
  });
});
