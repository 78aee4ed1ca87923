import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { findOrder, orderStatus } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { applyPlanKit, kitRetryDelaySeconds } from "./apply-plan-kit.ts";

/**
 * Applies an order's plan kit again: a kit left waiting (retried by itself, with a growing
 * delay), a plan change, a reinstall. A kit still waiting queues the next try.
 */
export const applyKitJob = defineJob({
  name: "apply-plan-kit",
  payload: z.object({ orderId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 1800,
  concurrency: 1,
  async handle({ orderId }, ctx) {
    const order = await findOrder(ctx.db, orderId);
    const site = await getSite(ctx.db, orderId);
    // A site that is not (or no longer) live gets its kit when it is provisioned again.
    if (!order || orderStatus(order, site) !== "active") return;
    const { state, log } = await applyPlanKit(ctx, order, site);
    await addOrderLog(ctx.db, orderId, {
      level: state.status === "waiting" ? "warning" : "info",
      action: "kit",
      details: log,
    });
    if (state.status === "waiting") {
      await ctx.queue.send(
        applyKitJob,
        { orderId },
        { startAfterSeconds: kitRetryDelaySeconds(state.attempts ?? 1) },
      );
    }
  },
});
