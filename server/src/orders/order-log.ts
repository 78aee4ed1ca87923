import type { LogLevel } from "@lagon/contracts/orders";
import type { Db } from "../db/database.ts";
import { orderLogs } from "../db/schema.ts";

/**
 * Appends a line an admin can read in the order's logs. Never put a secret in `details`. `at`
 * dates it other than now: the subscription's steps carry the billing clock's date.
 */
export async function addOrderLog(
  db: Db,
  orderId: string,
  entry: { level: LogLevel; action: string; details: string; at?: Date },
): Promise<void> {
  const { at, ...line } = entry;
  await db.insert(orderLogs).values({ orderId, ...line, ...(at ? { timestamp: at } : {}) });
}
