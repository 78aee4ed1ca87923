import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { orders } from "../db/schema.ts";

describe("GET /api/directory", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    const listed = await givenPaidOrder(t.ctx, {
      subdomain: "garage-hoarau",
      companyName: "Garage Hoarau",
      city: "Saint-Pierre",
      country: "Réunion",
      category: "Automobile / Transport",
      directoryOptIn: true,
      kozaOption: true,
    });
    const hidden = await givenPaidOrder(t.ctx, { subdomain: "discret", directoryOptIn: false });
    await givenPaidOrder(t.ctx, { subdomain: "pas-encore", directoryOptIn: true });
    const placeholder = await givenPaidOrder(t.ctx, { subdomain: "en-preparation", directoryOptIn: true });
    const filled = await givenPaidOrder(t.ctx, {
      subdomain: "rempli",
      companyName: "Rempli",
      directoryOptIn: true,
    });
    await t.ctx.db.update(orders).set({ status: "active" }).where(eq(orders.id, placeholder));
    await t.ctx.db
      .update(orders)
      .set({
        status: "active",
        activatedAt: new Date("2026-03-01T08:00:00Z"),
        siteFilledAt: new Date("2026-03-02T08:00:00Z"),
      })
      .where(eq(orders.id, filled));
    await t.ctx.db
      .update(orders)
      .set({ status: "active", activatedAt: new Date("2026-03-10T08:00:00Z"), kozaStatus: "completed" })
      .where(eq(orders.id, listed));
    await t.ctx.db.update(orders).set({ status: "active" }).where(eq(orders.id, hidden));
  });
  afterAll(() => t?.close());

  it("lists only live sites whose owners opted in and that show their own content", async () => {
    const res = await t.app.inject({ url: "/api/directory" });
    expect(res.statusCode).toBe(200);
    expect(res.json().sites.map((s: { subdomain: string }) => s.subdomain)).toEqual([
      "garage-hoarau",
      "rempli",
    ]);
    expect(res.json().sites.slice(0, 1)).toEqual([
      {
        subdomain: "garage-hoarau",
        company_name: "Garage Hoarau",
        city: "Saint-Pierre",
        category: "Automobile / Transport",
        country: "La Réunion",
        url: expect.stringMatching(/^http:\/\/garage-hoarau\.localhost:\d+$/),
        has_koza: true,
        created_at: "2026-03-10T08:00:00.000Z",
      },
    ]);
  });
});
