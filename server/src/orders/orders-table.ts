import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { OrderStatus, StepState, Steps } from "@lagon/contracts/orders";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { and, asc, desc, eq, getTableColumns, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Order, orders, type Site, searchFold, sites } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";

/**
 * The data access of `orders`, the purchases (who bought which plan, its payment, its tokens); the
 * hosted site an order made is its `sites` row (sites/sites-table.ts). Every write to `orders`
 * and every plain look-up of one order by a key is here (docs/architecture.md, data-access.test.ts).
 */

/**
 * The columns of a loaded `Order`: the order's own, and its site's name as `subdomain` (decision
 * 0109), for a query that joins `sites` on the order (every order has its site's row).
 */
export const orderColumns = { ...getTableColumns(orders), subdomain: sites.name };

/** The order of that id, or undefined. */
export async function findOrder(db: Db, id: string): Promise<Order | undefined> {
  const [order] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(orders.id, id));
  return order;
}

/** The orders of that e-mail address, oldest first (the magic-link and lost-link look-ups). */
export function ordersOfEmail(db: Db, email: string): Promise<Order[]> {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(orders.customerEmail, email))
    .orderBy(asc(orders.createdAt));
}

/** The order of that Stripe subscription, or undefined. */
export async function findOrderOfStripeSubscription(
  db: Db,
  subscriptionId: string,
): Promise<Order | undefined> {
  const [order] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(orders.stripeSubscriptionId, subscriptionId));
  return order;
}

/** The latest order of that Stripe customer (one per checkout), or undefined. */
export async function latestOrderOfStripeCustomer(db: Db, customerId: string): Promise<Order | undefined> {
  const [order] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(orders.stripeCustomerId, customerId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order;
}

/**
 * Whether a paid order's site has that name (`sites_name_unique`), leaving out the order paid
 * through `exceptCheckout` if given: the checkout's "already taken" (decision 0109).
 */
export async function siteNameTaken(db: Db, name: string, exceptCheckout?: string): Promise<boolean> {
  const [taken] = exceptCheckout
    ? await db
        .select({ id: sites.orderId })
        .from(sites)
        .innerJoin(orders, eq(orders.id, sites.orderId))
        .where(and(eq(sites.name, name), ne(orders.checkoutSessionId, exceptCheckout)))
    : await db.select({ id: sites.orderId }).from(sites).where(eq(sites.name, name));
  return taken !== undefined;
}

/** The order paid through that checkout, or undefined. */
export async function findOrderOfCheckout(
  db: Db,
  checkoutSessionId: string,
): Promise<{ id: string; subdomain: string; status: OrderStatus } | undefined> {
  const [order] = await db
    .select({ id: orders.id, subdomain: sites.name, status: orderStatusSql })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(orders.checkoutSessionId, checkoutSessionId));
  return order;
}

/**
 * What the admin search scans, for a query joining `sites`: the order's folded e-mail and name,
 * then the site's name (already folded: letters, digits, hyphens). The same text the generated
 * column held when it folded the subdomain itself (decision 0109).
 */
export const adminSearchText = sql<string>`(${orders.searchText} || ' ' || ${sites.name})`;

/**
 * What the directory search scans, for a query joining `sites`: the order's folded company, city
 * and category, or, without a company, the site's name in its place (decision 0109).
 */
export const directorySearchText = sql<string>`coalesce(${orders.directoryText}, ${sites.name} || ' ' || ${searchFold(sql`coalesce(${orders.city}, '') || ' ' || coalesce(${orders.category}, '')`)})`;

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
    .select({ order: orderColumns, site: sites })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(orders.id, id));
  if (!row) return undefined;
  const { order, site } = row;
  return { ...order, status: orderStatus(order, site), steps: orderSteps(order, site) };
}

/**
 * Makes the row of a paid order, once per checkout session: false, with nothing written, when
 * that checkout's order exists already. Its site's row is made in the same transaction
 * (`insertSite`, orders/create-paid-order.ts).
 */
export async function insertOrderOnce(db: Db, values: typeof orders.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.checkoutSessionId })
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Whether an order of that id exists. */
export async function orderExists(db: Db, id: string): Promise<boolean> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  return order !== undefined;
}

/** Locks the order's row until the end of the transaction `tx` (a no-op for an order that is gone). */
export async function lockOrder(tx: Db, id: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for("update");
}

/**
 * Stores the sealed page token if the order has none yet, and answers the one it now holds: this
 * one, or the one another caller stored first. Undefined when the order is gone.
 */
export async function keepPageToken(db: Db, id: string, sealed: string): Promise<string | undefined> {
  const [made] = await db
    .update(orders)
    .set({ pageTokenEnc: sealed })
    .where(and(eq(orders.id, id), isNull(orders.pageTokenEnc)))
    .returning({ sealed: orders.pageTokenEnc });
  const [stored] = made
    ? [made]
    : await db.select({ sealed: orders.pageTokenEnc }).from(orders).where(eq(orders.id, id));
  return stored?.sealed ?? undefined;
}

/** Records the Koza option bought after the site, once: false when the order had it already. */
export async function addKozaOption(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ kozaOption: true })
    .where(and(eq(orders.id, id), eq(orders.kozaOption, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Puts the order on that plan: its plan and its monthly price. */
export async function setOrderPlan(db: Db, id: string, planId: PlanId): Promise<void> {
  await db
    .update(orders)
    .set({ planId, monthlyPriceCents: planById(planId).priceCents })
    .where(eq(orders.id, id));
}
