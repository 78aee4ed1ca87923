import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { customDomains, domainRequests, emailLog, orderLogs } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findOrder } from "../orders/orders-table.ts";

describe("POST /api/order/:orderId/domain", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // Each test comes from its own address, so the route's rate limit only meets the test about it.
  let address = 0;
  const from = () => `10.0.0.${++address}`;

  beforeAll(async () => {
    t = await createTestApp({
      BASE_DOMAIN: "lagon-sites.re",
      CUSTOM_DOMAIN_TARGET: "203.0.113.10",
      AGENCY_EMAIL: "agence@lagon-digital.re",
    });
  });
  afterAll(() => t?.close());

  async function givenOrder(overrides: { customerEmail?: string } = {}) {
    const id = await givenPaidOrder(t.ctx, overrides);
    const row = await findOrder(t.ctx.db, id);
    if (!row) throw new Error("order not created");
    return { id, token: magicLinkToken(t.ctx, row), subdomain: row.subdomain };
  }

  /** Everything a request may write, for the order: to check a refused one wrote nothing. */
  async function written(orderId: string) {
    const [domain] = await t.ctx.db.select().from(customDomains).where(eq(customDomains.orderId, orderId));
    const [requests] = await t.ctx.db
      .select({ n: count() })
      .from(domainRequests)
      .where(eq(domainRequests.orderId, orderId));
    const [logs] = await t.ctx.db
      .select({ n: count() })
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, orderId), eq(orderLogs.action, "custom-domain")));
    const mails = await t.ctx.db.select().from(emailLog).where(eq(emailLog.orderId, orderId));
    return {
      domain: domain?.domain ?? null,
      status: domain?.state ?? null,
      requests: requests?.n,
      logs: logs?.n,
      mails: mails.filter((m) => m.template.startsWith("domain_request")),
    };
  }

  const post = (orderId: string, payload: object, query = "", remoteAddress = from()) =>
    t.app.inject({ method: "POST", url: `/api/order/${orderId}/domain${query}`, payload, remoteAddress });

  it("records the request on the order, logs it and e-mails the agency and the customer", async () => {
    const o = await givenOrder({ customerEmail: "zoe-domaine@example.re" });
    const res = await post(
      o.id,
      { hasOwnDomain: "yes", domainName: "  WWW.Boulangerie-Payet.RE ", message: "Merci !" },
      `?token=${o.token}`,
    );
    expect(res.statusCode).toBe(200);
    const records = [
      { type: "A", name: "boulangerie-payet.re", value: "203.0.113.10" },
      { type: "CNAME", name: "www.boulangerie-payet.re", value: `${o.subdomain}.lagon-sites.re` },
    ];
    expect(res.json()).toEqual({
      success: true,
      detail: "Demande envoyée",
      domain: "boulangerie-payet.re",
      dns_records: records,
    });

    const after = await written(o.id);
    expect(after).toMatchObject({
      domain: "boulangerie-payet.re",
      status: "dns_pending",
      requests: 1,
      logs: 1,
    });
    const [stored] = await t.ctx.db.select().from(domainRequests).where(eq(domainRequests.orderId, o.id));
    expect(stored).toMatchObject({
      hasOwnDomain: true,
      domainName: "boulangerie-payet.re",
      message: "Merci !",
    });
    const byTemplate = Object.fromEntries(after.mails.map((m) => [m.template, m]));
    expect(byTemplate.domain_request_agency).toMatchObject({ recipient: "agence@lagon-digital.re" });
    expect(byTemplate.domain_request_agency?.subject).toContain("boulangerie-payet.re");
    expect(byTemplate.domain_request_agency?.html).toContain("Merci !");
    expect(byTemplate.domain_request_customer).toMatchObject({ recipient: "zoe-domaine@example.re" });
    expect(byTemplate.domain_request_customer?.html).toContain("24h");

    const view = (await t.app.inject({ url: `/api/order/${o.id}?token=${o.token}` })).json();
    expect(view.custom_domain).toMatchObject({
      domain: "boulangerie-payet.re",
      state: "dns_pending",
      url: null,
    });
    expect(view.dns_records).toEqual(records);
  });

  it("takes the token from the JSON body too; a domain to buy needs no DNS records from the customer", async () => {
    const o = await givenOrder();
    const res = await post(o.id, { hasOwnDomain: false, domainName: "café-payet.re", token: o.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().dns_records).toEqual([]);
    const view = (await t.app.inject({ url: `/api/order/${o.id}?token=${o.token}` })).json();
    // The agency buys it: nothing is checked until it marks it bought.
    expect(view.custom_domain).toEqual({
      domain: "xn--caf-payet-d4a.re",
      state: "requested",
      failure: null,
      reason: null,
      url: null,
      next_check_at: null,
    });
    expect(view.dns_records).toEqual([]);
  });

  it("refuses a second request while one is pending, with a French detail, and keeps the first", async () => {
    const o = await givenOrder();
    expect(
      (await post(o.id, { hasOwnDomain: "no", domainName: "payet.fr" }, `?token=${o.token}`)).statusCode,
    ).toBe(200);
    const again = await post(o.id, { hasOwnDomain: "yes", domainName: "autre.re" }, `?token=${o.token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(DOMAIN_MESSAGES.alreadyRequested);
    expect(await written(o.id)).toMatchObject({ domain: "payet.fr", requests: 1, logs: 1 });
    expect((await written(o.id)).mails).toHaveLength(2);
  });

  it.each([
    ["no token", "", 401, /jeton est manquant/],
    ["a wrong token", "?token=faux", 403, /Lien d'accès invalide/],
  ])("answers %s with %i and writes nothing", async (_, query, status, detail) => {
    const o = await givenOrder();
    const res = await post(o.id, { hasOwnDomain: "yes", domainName: "payet.re" }, query);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(detail);
    expect(await written(o.id)).toEqual({ domain: null, status: null, requests: 0, logs: 0, mails: [] });
  });

  it("refuses another order's token and an unknown order alike, writing nothing", async () => {
    const mine = await givenOrder();
    const theirs = await givenOrder();
    const other = await post(
      mine.id,
      { hasOwnDomain: "yes", domainName: "payet.re" },
      `?token=${theirs.token}`,
    );
    const unknown = await post(
      "00000000-0000-4000-8000-000000000000",
      { hasOwnDomain: "yes", domainName: "payet.re" },
      `?token=${theirs.token}`,
    );
    expect(other.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(other.json());
    expect(await written(mine.id)).toEqual({ domain: null, status: null, requests: 0, logs: 0, mails: [] });
    expect(await written(theirs.id)).toEqual({ domain: null, status: null, requests: 0, logs: 0, mails: [] });
  });

  it.each([
    ["a phrase", { hasOwnDomain: "yes", domainName: "pas un domaine" }, DOMAIN_MESSAGES.domainInvalid],
    ["a leading hyphen", { hasOwnDomain: "yes", domainName: "-payet.re" }, DOMAIN_MESSAGES.domainInvalid],
    ["no extension", { hasOwnDomain: "yes", domainName: "payet" }, DOMAIN_MESSAGES.domainInvalid],
    [
      "an address",
      { hasOwnDomain: "yes", domainName: "https://payet.re/" },
      DOMAIN_MESSAGES.domainNotAnAddress,
    ],
    ["a path", { hasOwnDomain: "yes", domainName: "payet.re/contact" }, DOMAIN_MESSAGES.domainNotAnAddress],
    ["a blank domain", { hasOwnDomain: "yes", domainName: "   " }, DOMAIN_MESSAGES.domainRequired],
    ["no domain", { hasOwnDomain: "yes" }, DOMAIN_MESSAGES.domainRequired],
    ["a bad yes/no", { hasOwnDomain: "peut-être", domainName: "payet.re" }, DOMAIN_MESSAGES.hasOwnDomain],
    ["no yes/no", { domainName: "payet.re" }, DOMAIN_MESSAGES.hasOwnDomain],
    [
      "a message too long",
      { hasOwnDomain: "yes", domainName: "payet.re", message: "x".repeat(2001) },
      DOMAIN_MESSAGES.messageTooLong,
    ],
    [
      "a subdomain of the platform",
      { hasOwnDomain: "yes", domainName: "boutique.lagon-sites.re" },
      DOMAIN_MESSAGES.platformDomain,
    ],
  ])("refuses %s with a French 400 and writes nothing", async (_, payload, detail) => {
    const o = await givenOrder();
    const res = await post(o.id, payload, `?token=${o.token}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect(await written(o.id)).toEqual({ domain: null, status: null, requests: 0, logs: 0, mails: [] });
  });

  it("is rate-limited, with a French 429", async () => {
    const o = await givenOrder();
    const address = "10.9.9.9";
    for (let i = 0; i < 10; i++) {
      const res = await post(
        o.id,
        { hasOwnDomain: "yes", domainName: "pas valide" },
        `?token=${o.token}`,
        address,
      );
      expect(res.statusCode).toBe(400);
    }
    const limited = await post(
      o.id,
      { hasOwnDomain: "yes", domainName: "payet.re" },
      `?token=${o.token}`,
      address,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Trop de tentatives/);
    expect((await written(o.id)).requests).toBe(0);
  });
});
