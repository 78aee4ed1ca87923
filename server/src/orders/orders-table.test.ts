import { randomUUID } from "node:crypto";
import type { OrderStatus, StepState } from "@lagon/contracts/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { orders, type SiteSetup, sites } from "../db/schema.ts";
import { setSiteStep } from "../sites/sites-table.ts";
import { findOrder, findShownOrder, orderStatusSql } from "./orders-table.ts";

const at = "2026-11-27T08:00:00.000Z";
const paid: StepState = { status: "completed", timestamp: at };
const unpaid: StepState = { status: "pending", timestamp: null };

/** The payment, the site's setup (undefined: as its row is made, the default), and the status shown. */
const cases: [StepState, SiteSetup | undefined, OrderStatus][] = [
  [unpaid, undefined, "pending"],
  [unpaid, "active", "pending"],
  [paid, undefined, "pending"],
  [paid, "pending", "pending"],
  [paid, "processing", "processing"],
  [paid, "active", "active"],
  [paid, "error", "error"],
];

describe("the order's status as the pages show it (decision 0104)", () => {
  let ctx: Context;
  const ids: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const [i, [payment, setup]] of cases.entries()) {
      const id = randomUUID();
      ids.push(id);
      await ctx.db.insert(orders).values({
        id,
        checkoutSessionId: `cs_status_${i}`,
        planId: "business",
        payment,
        customerName: "Zoé Payet",
        customerEmail: "zoe@example.re",
        country: "Réunion",
        magicLinkTokenEnc: "sealed",
        monthlyPriceCents: 5000,
      });
      await ctx.db.insert(sites).values({ orderId: id, name: `statut-${i}`, ...(setup ? { setup } : {}) });
    }
  });
  afterAll(() => ctx?.close());

  it("is pending until paid, then the site's setup, the same in TypeScript and in SQL", async () => {
    const inSql = new Map(
      (
        await ctx.db
          .select({ id: orders.id, status: orderStatusSql })
          .from(orders)
          .innerJoin(sites, eq(sites.orderId, orders.id))
      ).map((r) => [r.id, r.status]),
    );
    for (const [i, [, , expected]] of cases.entries()) {
      const id = ids[i] as string;
      expect((await findShownOrder(ctx.db, id))?.status, `case ${i}`).toBe(expected);
      expect(inSql.get(id), `case ${i}`).toBe(expected);
    }
  });

  it("shows the payment step first, then the site's steps; a failed step and the error land together", async () => {
    const id = ids[4] as string;
    await setSiteStep(ctx.db, id, "subdomain", "completed");
    await setSiteStep(ctx.db, id, "wordpress", "failed", "error");
    const shown = await findShownOrder(ctx.db, id);
    expect(shown?.status).toBe("error");
    expect(Object.keys(shown?.steps ?? {})[0]).toBe("payment");
    expect(shown?.steps).toEqual({
      payment: paid,
      subdomain: { status: "completed", timestamp: expect.any(String) },
      wordpress: { status: "failed", timestamp: expect.any(String) },
    });
    // A site whose setup has not started: its first step moves it.
    const fresh = ids[2] as string;
    await setSiteStep(ctx.db, fresh, "subdomain", "processing", "processing");
    expect(await findShownOrder(ctx.db, fresh)).toMatchObject({
      status: "processing",
      steps: { payment: paid, subdomain: { status: "processing" } },
    });
  });

  it("makes the order and its named site together: a name already a site's fails the whole purchase", async () => {
    const taken = await givenPaidOrder(ctx, { subdomain: "nom-pris" });
    expect((await findOrder(ctx.db, taken))?.subdomain).toBe("nom-pris");
    const error = await givenPaidOrder(ctx, {
      subdomain: "nom-pris",
      checkoutSessionId: "cs_nom_pris_2",
    }).catch((err: unknown) => err as { cause?: { code?: string } });
    expect(error).toMatchObject({ cause: { code: "23505" } });
    // Neither an order without its site nor a second site of that name.
    expect(await ctx.db.select().from(orders).where(eq(orders.checkoutSessionId, "cs_nom_pris_2"))).toEqual(
      [],
    );
    expect(await ctx.db.select({ id: sites.orderId }).from(sites).where(eq(sites.name, "nom-pris"))).toEqual([
      { id: taken },
    ]);
  });
});
