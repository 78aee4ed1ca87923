import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { checkoutSessions } from "../db/schema.ts";
import { bySessionId } from "./checkout-session-id.ts";

/**
 * The data access of `checkout_sessions`, a visitor's checkout from its reservation to its
 * order. Every write to the table is here (docs/architecture.md, data-access.test.ts).
 */

/** Records a checkout (its reservation), before the payment provider's session is opened. */
export async function insertCheckoutSession(
  db: Db,
  values: typeof checkoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(checkoutSessions).values(values);
}

/** Links a checkout to its payment provider's session. */
export async function linkCheckoutSession(
  db: Db,
  checkoutId: string,
  stored: { providerSessionHash: string; providerSessionEnc: string },
): Promise<void> {
  await db.update(checkoutSessions).set(stored).where(eq(checkoutSessions.id, checkoutId));
}

/** Deletes a checkout the payment provider refused, freeing what it held. */
export async function deleteCheckoutSession(db: Db, checkoutId: string): Promise<void> {
  await db.delete(checkoutSessions).where(eq(checkoutSessions.id, checkoutId));
}

/** Marks a local test checkout paid with that card, if it is still open, unexpired and unpaid. */
export async function payOpenTestCheckout(
  db: Db,
  checkoutId: string,
  testCard: string | null,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ paidAt: new Date(), testCard })
    .where(
      and(
        eq(checkoutSessions.id, checkoutId),
        eq(checkoutSessions.status, "open"),
        gt(checkoutSessions.expiresAt, sql`now()`),
        isNull(checkoutSessions.paidAt),
      ),
    );
}

/**
 * Turns a checkout completed, with its order, unless it already is; answers its coupon code
 * when this call completed it (undefined otherwise, or with no coupon).
 */
export async function completeCheckoutOnce(
  db: Db,
  checkoutId: string,
  orderId: string,
): Promise<{ couponCode: string | null } | undefined> {
  const completed = await db
    .update(checkoutSessions)
    .set({ status: "completed", orderId })
    .where(and(eq(checkoutSessions.id, checkoutId), ne(checkoutSessions.status, "completed")))
    .returning({ couponCode: checkoutSessions.couponCode });
  return completed[0];
}

/** Marks a checkout completed. */
export async function markCheckoutCompleted(db: Db, checkoutId: string): Promise<void> {
  await db.update(checkoutSessions).set({ status: "completed" }).where(eq(checkoutSessions.id, checkoutId));
}

/** Expires a checkout still open, by our id. */
export async function expireOpenCheckout(db: Db, checkoutId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, "open")));
}

/** Expires a checkout still open, by its payment provider's session id. */
export async function expireOpenCheckoutOfSession(db: Db, providerSessionId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(bySessionId(providerSessionId), eq(checkoutSessions.status, "open")));
}

/** Expires a local checkout still open and unpaid, by its session id. */
export async function expireUnpaidCheckoutOfSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(bySessionId(sessionId), eq(checkoutSessions.status, "open"), isNull(checkoutSessions.paidAt)));
}
