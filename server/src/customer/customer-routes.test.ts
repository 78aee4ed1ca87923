import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { sites } from "../db/schema.ts";
import { ANSWERS, kozaSubmission } from "../koza/test-support.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { updateSite } from "../sites/sites-table.ts";
import { MAILBOX_REQUIRED } from "./mailbox-access.ts";
import { TOKEN_INVALID } from "./order-access.ts";

describe("customer access by order token and by mailbox", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let orderId: string;
  let otherId: string;
  let token: string;
  let otherToken: string;
  const email = "client-multi@example.re";
  // Each test comes from its own address, so the routes' rate limits only meet the test about them.
  let visitors = 0;
  const visitor = () => `10.0.1.${++visitors}`;
  const get = (url: string) => t.app.inject({ url, remoteAddress: visitor() });
  const listOf = (address: string, key: string) =>
    get(`/api/customer/orders?email=${encodeURIComponent(address)}&token=${encodeURIComponent(key)}`);

  beforeAll(async () => {
    t = await createTestApp();
    orderId = await givenPaidOrder(t.ctx, { customerEmail: email });
    otherId = await givenPaidOrder(t.ctx, { customerEmail: email, kozaOption: true, planId: "starter" });
    const a = await findShownOrder(t.ctx.db, orderId);
    const b = await findShownOrder(t.ctx.db, otherId);
    token = magicLinkToken(t.ctx, a as NonNullable<typeof a>);
    otherToken = magicLinkToken(t.ctx, b as NonNullable<typeof b>);
  });
  afterAll(() => t?.close());

  /** The attack of issue 13: pays for a site with someone else's address and reads the success page. */
  async function buySiteAs(victim: string, subdomain: string) {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      remoteAddress: visitor(),
      payload: {
        plan_id: "price_local_starter",
        customer_data: {
          email: victim,
          name: "Pas Zoé",
          immediate_start: true,
          domain: `${subdomain}.localhost`,
          plan: "Starter",
        },
        success_url: "http://localhost:3000/success",
        cancel_url: "http://localhost:3000/",
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sessionId = new URL(created.json().checkout_url).pathname.split("/").at(-1) as string;
    await t.app.inject({
      method: "POST",
      url: `/api/test-checkout/${sessionId}/pay`,
      remoteAddress: visitor(),
    });
    // The site goes live (provisioning is tested elsewhere); the success page then shows its token.
    const [live] = await t.ctx.db.select({ id: sites.orderId }).from(sites).where(eq(sites.name, subdomain));
    await updateSite(t.ctx.db, live?.id as string, {
      setup: "active",
      wpUsername: "admin",
      wpPasswordEnc: t.ctx.secrets.seal("mdp"),
    });
    const status = (await get(`/api/order-status/${sessionId}`)).json();
    expect(status.status).toBe("completed");
    return { id: status.order_id as string, pageToken: status.magic_link_token as string };
  }

  it("gives the order to the holder of its e-mailed token, saying it proves the mailbox", async () => {
    const res = await get(`/api/order/${orderId}?token=${token}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      _id: orderId,
      order_id: orderId,
      status: "pending",
      plan_name: "Business",
      magic_link_token: token,
      access: "mailbox",
    });
    expect(body.steps.payment.status).toBe("completed");
    expect(body.logs[0]).toMatchObject({ level: "info", action: "payment" });
    expect(body.wp_credentials).toBeNull();
    expect(body.custom_domain).toBeNull();
    expect(body.dns_records).toEqual([]);
  });

  it.each([
    ["missing", "", 401],
    ["wrong", "?token=nope", 403],
  ])("refuses a %s token with a French detail", async (_, query, status) => {
    const res = await get(`/api/order/${orderId}${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(/jeton|Lien d'accès/);
  });

  it("refuses another order's token, and answers an unknown order the same way", async () => {
    const other = await get(`/api/order/${orderId}?token=${otherToken}`);
    const unknown = await get(`/api/order/00000000-0000-4000-8000-000000000000?token=${token}`);
    const garbage = await get(`/api/order/abc?token=${token}`);
    expect(other.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(garbage.statusCode).toBe(403);
    expect(unknown.json()).toEqual(other.json());
    expect(other.json()).toEqual({ detail: TOKEN_INVALID });
  });

  it("lists every site of the address, with their e-mailed tokens, for the e-mailed token of one of them", async () => {
    const res = await listOf(email, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_sites).toBe(2);
    expect(body.orders).toEqual([
      expect.objectContaining({ order_id: orderId, plan_name: "Business", magic_link_token: token }),
      expect.objectContaining({
        order_id: otherId,
        plan_name: "Starter",
        koza_option: true,
        magic_link_token: otherToken,
      }),
    ]);
  });

  it("refuses the list for a token of another address, a missing token or a missing address", async () => {
    const stranger = await givenPaidOrder(t.ctx);
    const s = await findShownOrder(t.ctx.db, stranger);
    const refused = await listOf(email, magicLinkToken(t.ctx, s as NonNullable<typeof s>));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: TOKEN_INVALID });
    expect((await listOf("personne@example.re", token)).json()).toEqual(refused.json());
    const missing = await get(`/api/customer/orders?email=${encodeURIComponent(email)}`);
    expect(missing.statusCode).toBe(401);
    expect((await get(`/api/customer/orders?token=${token}`)).statusCode).toBe(403);
  });

  it("stops the takeover: a site bought with the victim's address opens that site only, never their others", async () => {
    const attacker = await buySiteAs(email, "achat-pirate");
    expect(attacker.pageToken).toMatch(/^[\w-]{43}$/);

    const list = await listOf(email, attacker.pageToken);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ detail: MAILBOX_REQUIRED });
    expect(list.body).not.toContain(token);

    const own = await get(`/api/order/${attacker.id}?token=${attacker.pageToken}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ order_id: attacker.id, access: "order" });
    // The page gets back the token it was opened with, not the e-mailed one.
    expect(own.json().magic_link_token).toBe(attacker.pageToken);
    const row = await findShownOrder(t.ctx.db, attacker.id);
    expect(own.body).not.toContain(magicLinkToken(t.ctx, row as NonNullable<typeof row>));

    const victims = await get(`/api/order/${orderId}?token=${attacker.pageToken}`);
    expect(victims.statusCode).toBe(403);
    expect(victims.json()).toEqual({ detail: TOKEN_INVALID });

    // The victim, from the link in their mailbox, sees the site bought in their name too.
    expect((await listOf(email, token)).json().total_sites).toBe(3);
  });

  it("lets the page token do everything on its own order, and return to the page with that token", async () => {
    const { id, pageToken } = await buySiteAs("page-seule@example.re", "page-seule");
    const domain = await t.app.inject({
      method: "POST",
      url: `/api/order/${id}/domain?token=${pageToken}`,
      remoteAddress: visitor(),
      payload: { hasOwnDomain: "yes", domainName: "page-seule.re" },
    });
    expect(domain.statusCode, domain.body).toBe(200);

    const koza = await t.app.inject({
      method: "POST",
      url: `/api/order/${id}/add-koza`,
      remoteAddress: visitor(),
      payload: { token: pageToken },
    });
    expect(koza.statusCode).toBe(200);
    const sessionId = koza.json().checkout_url.split("/").at(-1);
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/test-checkout/${sessionId}/pay`,
      remoteAddress: visitor(),
    });
    expect(paid.json().redirect_url).toContain(`/dashboard/${id}?token=${pageToken}`);

    const form = await kozaSubmission(
      { order_id: id, token: pageToken, koza_data: JSON.stringify(ANSWERS) },
      [],
    );
    const questionnaire = await t.app.inject({
      method: "POST",
      url: form.url,
      payload: form.payload,
      headers: form.headers,
      remoteAddress: visitor(),
    });
    expect(questionnaire.statusCode, questionnaire.body).toBe(200);
    const refused = await kozaSubmission(
      { order_id: orderId, token: pageToken, koza_data: JSON.stringify(ANSWERS) },
      [],
    );
    const other = await t.app.inject({
      method: "POST",
      url: refused.url,
      payload: refused.payload,
      headers: refused.headers,
      remoteAddress: visitor(),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: TOKEN_INVALID });
  });

  it("opens a Koza payment that returns to the order page, only with the order's token", async () => {
    const post = (id: string, key: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/order/${id}/add-koza`,
        payload: { token: key },
        remoteAddress: visitor(),
      });
    const res = await post(orderId, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout_url).toMatch(/\/paiement-test\/cs_local_/);
    expect((await post(orderId, "x")).statusCode).toBe(403);
    expect((await post(otherId, otherToken)).statusCode).toBe(409);

    const sessionId = res.json().checkout_url.split("/").at(-1);
    const pay = () =>
      t.app.inject({ method: "POST", url: `/api/test-checkout/${sessionId}/pay`, remoteAddress: visitor() });
    const paid = await pay();
    expect(paid.json().redirect_url).toContain(`/dashboard/${orderId}?token=${token}`);
    await pay();
    const view = (await get(`/api/order/${orderId}?token=${token}`)).json();
    expect(view).toMatchObject({ koza_option: true, koza_status: "pending" });
    expect(view.logs.filter((l: { action: string }) => l.action === "koza")).toHaveLength(1);
  });
});
