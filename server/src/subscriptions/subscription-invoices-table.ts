import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type SubscriptionInvoice, subscriptionInvoices } from "../db/schema.ts";

/**
 * The data access of `subscription_invoices`, what each subscription period or plan change
 * bills. Every write to the table and every plain look-up of one invoice by a key is here
 * (docs/architecture.md, data-access.test.ts).
 */

/** Records an invoice; answers the row. */
export async function insertSubscriptionInvoice(
  db: Db,
  values: typeof subscriptionInvoices.$inferInsert,
): Promise<SubscriptionInvoice | undefined> {
  const [invoice] = await db.insert(subscriptionInvoices).values(values).returning();
  return invoice;
}

/** Records an invoice unless one of the same order, kind and period (or provider id) exists; answers the row it made. */
export async function insertSubscriptionInvoiceOnce(
  db: Db,
  values: typeof subscriptionInvoices.$inferInsert,
): Promise<SubscriptionInvoice | undefined> {
  const [inserted] = await db.insert(subscriptionInvoices).values(values).onConflictDoNothing().returning();
  return inserted;
}

/** The invoice of this Stripe invoice id. */
export async function findInvoiceOfProvider(
  db: Db,
  providerInvoiceId: string,
): Promise<SubscriptionInvoice | undefined> {
  return (
    await db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.providerInvoiceId, providerInvoiceId))
  )[0];
}

/**
 * Gives the provider's invoice id to the order's invoices of that kind that have none (only the
 * one of that period start, when given); answers the rows.
 */
export async function linkProviderInvoice(
  db: Db,
  orderId: string,
  kind: SubscriptionInvoice["kind"],
  providerInvoiceId: string,
  periodStart?: Date,
): Promise<SubscriptionInvoice[]> {
  const extra =
    periodStart === undefined
      ? isNull(subscriptionInvoices.providerInvoiceId)
      : and(
          isNull(subscriptionInvoices.providerInvoiceId),
          eq(subscriptionInvoices.periodStart, periodStart),
        );
  return db
    .update(subscriptionInvoices)
    .set({ providerInvoiceId })
    .where(and(eq(subscriptionInvoices.orderId, orderId), eq(subscriptionInvoices.kind, kind), extra))
    .returning();
}

/** Voids an invoice. */
export async function voidInvoice(db: Db, invoiceId: string): Promise<void> {
  await db.update(subscriptionInvoices).set({ status: "void" }).where(eq(subscriptionInvoices.id, invoiceId));
}

/** Voids an invoice still open; answers whether this call did. */
export async function voidOpenInvoice(db: Db, invoiceId: string): Promise<boolean> {
  const voided = await db
    .update(subscriptionInvoices)
    .set({ status: "void" })
    .where(and(eq(subscriptionInvoices.id, invoiceId), eq(subscriptionInvoices.status, "open")))
    .returning();
  return voided.length > 0;
}

/** Voids every open invoice of an order. */
export async function voidOpenInvoicesOfOrder(db: Db, orderId: string): Promise<void> {
  await db
    .update(subscriptionInvoices)
    .set({ status: "void" })
    .where(and(eq(subscriptionInvoices.orderId, orderId), eq(subscriptionInvoices.status, "open")));
}

/** Marks an open invoice paid; answers whether this call did (of two deliveries, one does). */
export async function markInvoicePaid(
  db: Db,
  invoiceId: string,
  paidAt: Date,
  attempts: number,
): Promise<boolean> {
  const paid = await db
    .update(subscriptionInvoices)
    .set({ status: "paid", paidAt, attempts, lastError: null })
    .where(and(eq(subscriptionInvoices.id, invoiceId), eq(subscriptionInvoices.status, "open")))
    .returning();
  return paid.length > 0;
}

/** Counts a failed attempt on an open invoice unless a later one is counted; answers whether this call did. */
export async function countInvoiceAttempt(
  db: Db,
  invoiceId: string,
  attempts: number,
  lastError: string,
): Promise<boolean> {
  const counted = await db
    .update(subscriptionInvoices)
    .set({ attempts, lastError })
    .where(
      and(
        eq(subscriptionInvoices.id, invoiceId),
        eq(subscriptionInvoices.status, "open"),
        lt(subscriptionInvoices.attempts, attempts),
      ),
    )
    .returning();
  return counted.length > 0;
}
