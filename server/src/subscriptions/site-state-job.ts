import type { JobStatus } from "@lagon/contracts/jobs-schemas";
import { SUBSCRIPTION_MESSAGES } from "@lagon/contracts/subscriptions";
import { z } from "zod";
import type { Context } from "../context.ts";
import type { Subscription } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { claimOrderLease } from "../jobs/order-lease.ts";
import { jobPending, siteJobStatus } from "../jobs/site-job.ts";
import { AppError } from "../lib/app-error.ts";
import { findOrder } from "../orders/orders-table.ts";
import { bringSiteToState } from "./site-state.ts";
import { loadSubscription } from "./subscription-view.ts";
import { wantedSiteState } from "./wanted-site-state.ts";

const key = (orderId: string) => `site-state:${orderId}`;

/** The job changing the site's state, waiting or running, if there is one. */
export async function siteStateJobId(
  ctx: Pick<Context, "database">,
  orderId: string,
): Promise<string | null> {
  const { rows } = await ctx.database.sql.executeSql(
    `select id from pgboss.job where name = $1 and singleton_key = $2 and state in ('created', 'retry', 'active')
     order by created_on desc limit 1`,
    [siteStateJob.name, key(orderId)],
  );
  return (rows as { id: string }[])[0]?.id ?? null;
}

/** Where a change of a site's state stands, for the admin page. */
export const siteStateStatus = (ctx: Pick<Context, "queue">, jobId: string): Promise<JobStatus> =>
  siteJobStatus(ctx, siteStateJob.name, jobId, {
    french: Object.values(SUBSCRIPTION_MESSAGES),
    fallback: SUBSCRIPTION_MESSAGES.siteChangeFailed,
  });

/** Whether a change of the site's state is waiting or running (tests wait for it to end). */
export const siteStatePending = (ctx: Pick<Context, "database">, orderId: string) =>
  jobPending(ctx, siteStateJob.name, key(orderId));

/**
 * Brings the site on its host to what its subscription's status asks (site-state.ts): suspends,
 * lifts, archives or restores it from its final copy. A host that fails leaves `site_state` as
 * it was, and the lifecycle's next pass queues the job again.
 */
export const siteStateJob = defineJob({
  name: "site-state",
  payload: z.object({ orderId: z.uuid() }),
  // A site busy with another job (a backup, an update) is tried again a little later.
  retryLimit: 8,
  retryDelaySeconds: 5,
  expireInSeconds: 3600,
  async handle({ orderId }, ctx, job) {
    const lease = await claimOrderLease(ctx, orderId, job);
    if (!lease) throw new Error("Une autre tâche travaille sur ce site : changement d'état reporté.");
    try {
      const order = await findOrder(ctx.db, orderId);
      const sub = await loadSubscription(ctx, orderId);
      if (!order || !sub) return;
      const after = await bringSiteToState(ctx, order, sub);
      // The host failed (logged on the order): the queue tries again, then the lifecycle's next pass.
      if (after.siteState !== wantedSiteState(after.status))
        throw new AppError(502, SUBSCRIPTION_MESSAGES.siteChangeFailed);
    } finally {
      await lease.release();
    }
  },
});

/**
 * The subscription's status is what the site must be: queues the job that brings the host to it,
 * unless the host already is, or such a job is already waiting or running. Answers the
 * subscription unchanged: requests, webhooks and the lifecycle do no host work themselves.
 */
export async function queueSiteState(
  ctx: Pick<Context, "database" | "queue">,
  sub: Subscription,
): Promise<Subscription> {
  if (sub.siteState === wantedSiteState(sub.status)) return sub;
  // A waiting job reads the status when it starts; one already running may have read it before.
  if (await jobPending(ctx, siteStateJob.name, key(sub.orderId), true)) return sub;
  await ctx.queue.send(siteStateJob, { orderId: sub.orderId }, { singletonKey: key(sub.orderId) });
  return sub;
}
