import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { coupons } from "../db/schema.ts";

/**
 * The data access of `coupons`, the checkout's discount codes. Every write to the table is here
 * (docs/architecture.md, data-access.test.ts).
 */

/** Adds these codes, leaving any that exist as they are. */
export async function insertCouponsOnce(db: Db, values: (typeof coupons.$inferInsert)[]): Promise<void> {
  await db.insert(coupons).values(values).onConflictDoNothing();
}

/** Counts one more use of a code. */
export async function countCouponUse(db: Db, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(eq(coupons.code, code));
}
