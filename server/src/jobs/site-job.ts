import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { JobStarted, JobStatus } from "@lagon/contracts/jobs-schemas";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { AppError, conflict, notFound } from "../lib/app-error.ts";
import { getOrder } from "../orders/orders-table.ts";
import type { JobDefinition } from "./job-queue.ts";
import { claimForQueuedJob, claimOrderLease, type JobRun, releaseQueuedLease } from "./order-lease.ts";

/**
 * Slow work on one site (a backup, a restore, a reinstall) is a job: the request checks what it
 * can from the database, takes the site's lease for the job (a second request meanwhile gets a
 * 409 with `busy`) and queues it. Returns the job's id, for the page to follow.
 */
export async function queueSiteJob<S extends z.ZodType>(
  ctx: Pick<Context, "db" | "queue">,
  orderId: string,
  job: JobDefinition<S>,
  payload: (holder: string) => z.input<S>,
  busy: string,
): Promise<string> {
  const holder = await claimForQueuedJob(ctx, orderId, job.name);
  if (!holder) throw conflict(busy);
  try {
    const jobId = await ctx.queue.send(job, payload(holder));
    if (!jobId) throw new Error(`${job.name} job not queued`);
    return jobId;
  } catch (err) {
    await releaseQueuedLease(ctx, orderId, holder);
    throw err;
  }
}

/** The answer of a request whose work was queued: 202, its French detail and the job to follow. */
export function accepted(reply: FastifyReply, detail: string, jobId: string): FastifyReply {
  const started: JobStarted = { success: true, detail, job_id: jobId };
  return reply.status(202).send(started);
}

/**
 * The body of a site job: adopts the lease its request took (or takes it, on a retry), runs
 * `work` on the order as it is now, and gives the lease back.
 */
export async function runSiteJob(
  ctx: Pick<Context, "db" | "log">,
  { orderId, holder }: { orderId: string; holder: string },
  run: JobRun,
  busy: string,
  work: (order: Order) => Promise<void>,
): Promise<void> {
  const lease = await claimOrderLease(ctx, orderId, run, holder);
  if (!lease) throw new AppError(409, busy);
  try {
    const order = await getOrder(ctx.db, orderId);
    await work(order);
  } finally {
    await lease.release();
  }
}

/**
 * Where a site job stands, for the page that follows it. With `orderId` (the customer's pages),
 * a job of another order is not found. A failure's detail is one of `french` (the messages the
 * job throws on purpose), or `fallback`: never an internal message.
 */
export async function siteJobStatus(
  ctx: Pick<Context, "queue">,
  jobName: string,
  jobId: string,
  { orderId, french, fallback }: { orderId?: string; french: readonly string[]; fallback: string },
): Promise<JobStatus> {
  const job = await ctx.queue.state(jobName, jobId);
  const owner = (job?.data as { orderId?: unknown } | undefined)?.orderId;
  if (!job || (orderId !== undefined && owner !== orderId)) throw notFound(ADMIN_MESSAGES.jobNotFound);
  if (job.state !== "failed") return { state: job.state };
  return { state: job.state, detail: french.includes(job.message ?? "") ? job.message : fallback };
}

/** Whether a job sent with this singleton key is waiting (or, unless `waitingOnly`, running). */
export async function jobPending(
  ctx: Pick<Context, "database">,
  jobName: string,
  singletonKey: string,
  waitingOnly = false,
): Promise<boolean> {
  const states = waitingOnly ? "('created', 'retry')" : "('created', 'retry', 'active')";
  const { rows } = await ctx.database.sql.executeSql(
    `select 1 from pgboss.job where name = $1 and singleton_key = $2 and state in ${states} limit 1`,
    [jobName, singletonKey],
  );
  return rows.length > 0;
}
