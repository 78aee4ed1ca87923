import type { Context } from "../context.ts";
import { scheduleDomainSweep } from "../custom-domain/check-domain-job.ts";
import { resumeUnfinishedOrders } from "../provisioning/provision-order-job.ts";
import { startLeaseSweeper, sweepDeadLeases } from "./order-lease.ts";

/**
 * Makes this process a worker: it handles the queue's jobs, puts unfinished orders back in the
 * queue, starts the custom domains' sweep, and watches the orders' leases for workers that died. Returns the stop function.
 */
export async function startWorker(ctx: Context): Promise<{ resumed: number; stop: () => void }> {
  // The embedded database is this process's alone: any lease left is from a dead process.
  if (ctx.database.kind === "pglite") await sweepDeadLeases(ctx, true);
  await ctx.queue.work(ctx);
  const resumed = await resumeUnfinishedOrders(ctx);
  await scheduleDomainSweep(ctx);
  return { resumed, stop: startLeaseSweeper(ctx) };
}
