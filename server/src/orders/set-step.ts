import type { StepKey, StepStatus } from "@lagon/contracts/orders";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { orders } from "../db/schema.ts";

/**
 * Records one step's status and the time it changed, leaving the other steps untouched. `also`
 * sets other columns in the same statement, so readers never see one change without the other.
 */
export async function setStep(
  db: Db,
  orderId: string,
  step: StepKey,
  status: StepStatus,
  also: Partial<typeof orders.$inferInsert> = {},
): Promise<void> {
  const value = JSON.stringify({ status, timestamp: new Date().toISOString() });
  await db
    .update(orders)
    .set({ ...also, steps: sql`jsonb_set(${orders.steps}, ${`{${step}}`}::text[], ${value}::jsonb, true)` })
    .where(eq(orders.id, orderId));
}
