import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { orders } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";

describe("customer access by magic link", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let orderId: string;
  let otherId: string;
  let token: string;
  let otherToken: string;
  const email = "client-multi@example.re";

  beforeAll(async () => {
    t = await createTestApp();
    orderId = await givenPaidOrder(t.ctx, { customerEmail: email });
    otherId = await givenPaidOrder(t.ctx, { customerEmail: email, kozaOption: true, planId: "starter" });
    const [a] = await t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const [b] = await t.ctx.db.select().from(orders).where(eq(orders.id, otherId));
    token = magicLinkToken(t.ctx, a as NonNullable<typeof a>);
    otherToken = magicLinkToken(t.ctx, b as NonNullable<typeof b>);
  });
  afterAll(() => t?.close());

  it("gives the order to the holder of its token", async () => {
    const res = await t.app.inject({ url: `/api/order/${orderId}?token=${token}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ _id: orderId, order_id: orderId, status: "pending", plan_name: "Business" });
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
    const res = await t.app.inject({ url: `/api/order/${orderId}${query}` });
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(/jeton|Lien d'accès/);
  });

  it("refuses another order's token, and answers an unknown order the same way", async () => {
    const other = await t.app.inject({ url: `/api/order/${orderId}?token=${otherToken}` });
    const unknown = await t.app.inject({
      url: `/api/order/00000000-0000-4000-8000-000000000000?token=${token}`,
    });
    const garbage = await t.app.inject({ url: `/api/order/abc?token=${token}` });
    expect(other.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(garbage.statusCode).toBe(403);
    expect(unknown.json()).toEqual(other.json());
  });

  it("lists every site of the customer's e-mail for a token of one of them", async () => {
    const res = await t.app.inject({
      url: `/api/customer/orders?email=${encodeURIComponent(email)}&token=${token}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_sites).toBe(2);
    expect(body.orders.map((o: { order_id: string }) => o.order_id).sort()).toEqual(
      [orderId, otherId].sort(),
    );
    expect(body.orders.find((o: { order_id: string }) => o.order_id === otherId)).toMatchObject({
      plan_name: "Starter",
      koza_option: true,
    });
  });

  it("refuses the list for a token of another e-mail", async () => {
    const stranger = await givenPaidOrder(t.ctx);
    const [s] = await t.ctx.db.select().from(orders).where(eq(orders.id, stranger));
    const strangerToken = magicLinkToken(t.ctx, s as NonNullable<typeof s>);
    const res = await t.app.inject({
      url: `/api/customer/orders?email=${encodeURIComponent(email)}&token=${strangerToken}`,
    });
    expect(res.statusCode).toBe(403);
    const missing = await t.app.inject({ url: `/api/customer/orders?email=${encodeURIComponent(email)}` });
    expect(missing.statusCode).toBe(401);
  });

  it("opens a Koza payment that returns to the order page, only with the order's token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/order/${orderId}/add-koza`,
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout_url).toMatch(/\/paiement-test\/cs_local_/);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/order/${orderId}/add-koza`,
      payload: { token: "x" },
    });
    expect(refused.statusCode).toBe(403);
    const already = await t.app.inject({
      method: "POST",
      url: `/api/order/${otherId}/add-koza`,
      payload: { token: otherToken },
    });
    expect(already.statusCode).toBe(409);

    const sessionId = res.json().checkout_url.split("/").at(-1);
    const paid = await t.app.inject({ method: "POST", url: `/api/test-checkout/${sessionId}/pay` });
    expect(paid.json().redirect_url).toContain(`/dashboard/${orderId}?token=`);
    await t.app.inject({ method: "POST", url: `/api/test-checkout/${sessionId}/pay` });
    const view = (await t.app.inject({ url: `/api/order/${orderId}?token=${token}` })).json();
    expect(view).toMatchObject({ koza_option: true, koza_status: "pending" });
    expect(view.logs.filter((l: { action: string }) => l.action === "koza")).toHaveLength(1);
  });
});
