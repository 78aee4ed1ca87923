import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";
import { orders, sites } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { updateSite } from "../sites/sites-table.ts";
import { ORDER_STATUS_ACCESS_MS } from "./order-status.ts";

describe("GET /api/order-status/:sessionId expires", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let visitors = 0;
  const visitor = () => `10.0.2.${++visitors}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A paid order whose site is live, created `age` ms ago. */
  async function givenLiveOrder(subdomain: string, age: number) {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      remoteAddress: visitor(),
      payload: {
        plan_id: "price_local_starter",
        customer_data: {
          email: `${subdomain}@example.re`,
          name: "Zoé",
          immediate_start: true,
          domain: `${subdomain}.localhost`,
        },
        success_url: "http://localhost:3000/success",
        cancel_url: "http://localhost:3000/",
      },
    });
    const sessionId = new URL(created.json().checkout_url).pathname.split("/").at(-1) as string;
    await t.app.inject({
      method: "POST",
      url: `/api/test-checkout/${sessionId}/pay`,
      remoteAddress: visitor(),
    });
    const [order] = await t.ctx.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - age) })
      .where(
        inArray(
          orders.id,
          t.ctx.db.select({ id: sites.orderId }).from(sites).where(eq(sites.name, subdomain)),
        ),
      )
      .returning();
    if (!order) throw new Error("order not created");
    await updateSite(t.ctx.db, order.id, {
      setup: "active",
      wpUsername: "admin",
      wpAdminUrl: `http://${subdomain}.localhost:8080/wp-admin/`,
      wpPasswordEnc: t.ctx.secrets.seal("mot-de-passe-wp"),
    });
    return { sessionId, order };
  }

  const status = (sessionId: string) =>
    t.app.inject({ url: `/api/order-status/${sessionId}`, remoteAddress: visitor() });

  it("answers with the credentials until an hour after the payment", async () => {
    const { sessionId } = await givenLiveOrder("encore-frais", ORDER_STATUS_ACCESS_MS - 10 * 60_000);
    const res = await status(sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "completed", wp_admin_password: "mot-de-passe-wp" });
    expect(res.json().magic_link_token).toEqual(expect.any(String));
  });

  it("then answers 410 with a French detail and no credential, while the e-mailed link keeps working", async () => {
    const { sessionId, order } = await givenLiveOrder("trop-tard", ORDER_STATUS_ACCESS_MS + 10 * 60_000);
    const res = await status(sessionId);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ detail: CHECKOUT_MESSAGES.statusExpired });
    expect(res.body).not.toContain("mot-de-passe-wp");

    const mailed = await t.app.inject({
      url: `/api/order/${order.id}?token=${magicLinkToken(t.ctx, order)}`,
      remoteAddress: visitor(),
    });
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json().wp_credentials).toMatchObject({ password: "mot-de-passe-wp" });
  });

  it("gives an order made before page tokens one, the same on every poll", async () => {
    const { sessionId, order } = await givenLiveOrder("ancienne", 0);
    await t.ctx.db.update(orders).set({ pageTokenEnc: null }).where(eq(orders.id, order.id));
    const [first, second] = await Promise.all([status(sessionId), status(sessionId)]);
    const token = first.json().magic_link_token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(second.json().magic_link_token).toBe(token);
    expect((await status(sessionId)).json().magic_link_token).toBe(token);
    expect(token).not.toBe(magicLinkToken(t.ctx, order));
  });
});
