import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../lib/app-error.ts";
import { resumeFailedOrder } from "../provisioning/provision-order-job.ts";
import { getSite, leaseHeld } from "../sites/sites-table.ts";

/** 'Reprendre': puts an order in error back into provisioning, from the step that failed. */
export async function resumeOrder(ctx: Pick<Context, "db" | "queue">, orderId: string): Promise<void> {
  const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  if (order.status !== "error") throw badRequest(ADMIN_MESSAGES.resumeRefused);
  // A reinstall in progress holds the lease: resuming now would install the site twice.
  if (leaseHeld(await getSite(ctx.db, orderId))) throw conflict(ADMIN_MESSAGES.operationInProgress);
  if (!(await resumeFailedOrder(ctx, orderId))) throw badRequest(ADMIN_MESSAGES.resumeRefused);
}
