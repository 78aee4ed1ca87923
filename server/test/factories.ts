import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context } from "../src/context.ts";
import type { Db } from "../src/db/database.ts";
import { type Order, orders, sites } from "../src/db/schema.ts";
import { createPaidOrder, type NewPaidOrder } from "../src/orders/create-paid-order.ts";
import { orderColumns } from "../src/orders/orders-table.ts";

/** A paid order as checkout would create it, with overridable fields. */
export async function givenPaidOrder(ctx: Context, overrides: Partial<NewPaidOrder> = {}) {
  const suffix = randomBytes(4).toString("hex");
  const { orderId } = await createPaidOrder(ctx, {
    checkoutSessionId: `cs_test_${suffix}`,
    planId: "business",
    subdomain: `site-${suffix}`,
    customerName: "Zoé Payet",
    customerEmail: `zoe-${suffix}@example.re`,
    customerPhone: "0692 00 00 00",
    companyName: "Boulangerie Payet",
    address: "3 rue des Flamboyants",
    postalCode: "97460",
    city: "Saint-Paul",
    country: "Réunion",
    siret: "12345678900012",
    companyType: "SARL",
    directoryOptIn: false,
    kozaOption: false,
    monthlyPriceCents: 5000,
    ...overrides,
  });
  return orderId;
}

/** `token` with its first character changed: always a different token (the last base64url character may carry unused bits). */
export const alteredToken = (token: string) => `${token.startsWith("A") ? "B" : "A"}${token.slice(1)}`;

/** The orders whose site has that name (one at most: `sites_name_unique`), as loaded `Order`s. */
export function ordersNamed(db: Db, subdomain: string): Promise<Order[]> {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(sites.name, subdomain));
}
