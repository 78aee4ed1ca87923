import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Order, orders } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";

/**
 * The data access of `orders`, the purchases (who bought which plan, its payment, its tokens); the
 * hosted site an order made is its `sites` row (sites/sites-table.ts).
 */

/** The order of that id, or undefined. */
export async function findOrder(db: Db, id: string): Promise<Order | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** The order of that id; a 404 "Commande introuvable." when there is none. */
export async function getOrder(db: Db, id: string): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  return order;
}
