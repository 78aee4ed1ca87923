import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { Context } from "../context.ts";
import { badRequest, conflict, notFound } from "../lib/app-error.ts";
import { findOrder, orderStatus } from "../orders/orders-table.ts";
import { resumeFailedOrder } from "../provisioning/provision-order-job.ts";
import { getSite, leaseHeld } from "../sites/sites-table.ts";

/** 'Reprendre': puts an order in error back into provisioning, from the step that failed. */
export async function resumeOrder(ctx: Pick<Context, "db" | "queue">, orderId: string): Promise<void> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  const site = await getSite(ctx.db, orderId);
  if (orderStatus(order, site) !== "error") throw badRequest(ADMIN_MESSAGES.resumeRefused);
  // A reinstall in progress holds the lease: resuming now would install the site twice.
  if (leaseHeld(site)) throw conflict(ADMIN_MESSAGES.operationInProgress);
  if (!(await resumeFailedOrder(ctx, orderId))) throw badRequest(ADMIN_MESSAGES.resumeRefused);
}
