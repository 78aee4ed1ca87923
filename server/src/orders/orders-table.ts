import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { OrderStatus, StepState, Steps } from "@lagon/contracts/orders";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Order, orders, type Site, sites } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { blankSite } from "../sites/sites-table.ts";

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

/**
 * The order's status as the pages and the API show it (decision 0104), from the purchase and its
 * site: `pending` until paid, then where the site's setup stands. `orderStatusSql` is the same
 * for queries that left join `sites` on the order.
 */
export function orderStatus(order: Pick<Order, "payment">, site: Pick<Site, "setup">): OrderStatus {
  return order.payment.status === "completed" ? site.setup : "pending";
}

/** `orderStatus` in SQL, for a query whose rows are orders left joined to their `sites` row. */
export const orderStatusSql: SQL<OrderStatus> = sql<OrderStatus>`(case when ${orders.payment}->>'status' = 'completed' then coalesce(${sites.setup}, 'pending') else 'pending' end)`;

/** The order's steps as the pages show them: the purchase's payment, then the site's steps. */
export function orderSteps(order: Pick<Order, "payment">, site: Pick<Site, "steps">): Steps {
  return { payment: order.payment, ...site.steps };
}

/** The payment step of a purchase paid now: what a new paid order records (create-paid-order.ts). */
export function paidNow(): StepState {
  return { status: "completed", timestamp: new Date().toISOString() };
}

/** An order as the pages show it: its row, with the status and steps made from it and its site. */
export type ShownOrder = Order & { status: OrderStatus; steps: Steps };

/** The order of that id as the pages show it (one query, its site joined), or undefined. */
export async function findShownOrder(db: Db, id: string): Promise<ShownOrder | undefined> {
  const [row] = await db
    .select({ order: orders, site: sites })
    .from(orders)
    .leftJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(orders.id, id));
  if (!row) return undefined;
  const site = row.site ?? blankSite(id);
  return { ...row.order, status: orderStatus(row.order, site), steps: orderSteps(row.order, site) };
}
