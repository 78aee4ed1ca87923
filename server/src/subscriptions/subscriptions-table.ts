import type { SubscriptionStatus } from "@lagon/contracts/subscriptions";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Subscription, subscriptions } from "../db/schema.ts";

/**
 * The data access of `subscriptions`, an order's monthly subscription. Every write to the table
 * is here (docs/architecture.md, data-access.test.ts).
 */

/** Starts an order's subscription once; answers whether this call made it. */
export async function insertSubscriptionOnce(
  db: Db,
  values: typeof subscriptions.$inferInsert,
): Promise<boolean> {
  const started = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoNothing()
    .returning({ orderId: subscriptions.orderId });
  return started.length > 0;
}

/** Changes an order's subscription, whatever its status; answers the new row. */
export async function updateSubscription(
  db: Db,
  orderId: string,
  patch: Partial<Omit<Subscription, "orderId">>,
): Promise<Subscription | undefined> {
  const [updated] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.orderId, orderId))
    .returning();
  return updated;
}

/** Changes a subscription only if it is still in one of the `from` statuses (and meets `also`). */
export async function updateSubscriptionFrom(
  db: Db,
  orderId: string,
  from: readonly SubscriptionStatus[],
  patch: Partial<Omit<Subscription, "orderId">>,
  also?: SQL,
): Promise<Subscription | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(subscriptions.orderId, orderId), inArray(subscriptions.status, [...from]), also))
    .returning();
  return row;
}

/** Claims a due payment retry by clearing its date: of two passes, one gets the row. */
export async function claimSubscriptionRetry(
  db: Db,
  orderId: string,
  nextRetryAt: Date,
): Promise<Subscription | undefined> {
  const claimed = await db
    .update(subscriptions)
    .set({ nextRetryAt: null })
    .where(and(eq(subscriptions.orderId, orderId), eq(subscriptions.nextRetryAt, nextRetryAt)))
    .returning();
  return claimed[0];
}
