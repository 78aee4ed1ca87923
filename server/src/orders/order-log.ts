import type { LogLevel } from "@lagon/contracts/orders";
import type { Db } from "../db/database.ts";
import { orderLogs } from "../db/schema.ts";

/** Appends a line an admin can read in the order's logs. Never put a secret in `details`. */
export async function addOrderLog(
  db: Db,
  orderId: string,
  entry: { level: LogLevel; action: string; details: string },
): Promise<void> {
  await db.insert(orderLogs).values({ orderId, ...entry });
}
