import { randomBytes } from "node:crypto";
import type { Context } from "../context.ts";
import { clearPastLeases, releaseSiteLease, renewSiteLease, takeSiteLease } from "../sites/sites-table.ts";

/**
 * How long a lease lasts without news from its holder. A running job renews it every
 * HEARTBEAT_SECONDS, however long its step (an install over SSH can take minutes): only a
 * holder that died, or froze this long, loses it.
 */
export const LEASE_SECONDS = 60;
const HEARTBEAT_SECONDS = 15;
/** A job queued by the admin holds the site this long until a worker starts it. */
const QUEUED_LEASE_SECONDS = 600;

/**
 * The id of a run that is no job: an operation inside a request or a job's loop (a backup, a
 * restore). The sweeper frees such a lease when its holder dies, with no job to hand back.
 */
export const REQUEST_RUN = "request";

/** The run of a job (or a REQUEST_RUN) that holds an order's lease. */
export interface JobRun {
  name: string;
  id: string;
}

/** Thrown at a step boundary when this run's lease was taken over: the run stops there. */
export class LeaseLost extends Error {
  constructor(orderId: string) {
    super(`Lease of order ${orderId} lost`);
  }
}

export interface Lease {
  /** Throws LeaseLost if a heartbeat found the lease gone: call it before each step. */
  check(): void;
  /** Gives the lease back (only if still ours) and stops the heartbeat. */
  release(): Promise<void>;
  /** Stops the heartbeat, keeping the lease: for the end of a run that already released it. */
  stop(): void;
}

/**
 * Takes the order's lease (its site's: sites.lease_until) for this run of a job, if it is free,
 * expired, or was taken for this very job when it was queued (`adopt`). Returns null when
 * another live run holds it. While held, a heartbeat renews it; a run that finds it taken over
 * stops at its next step.
 */
export async function claimOrderLease(
  ctx: Pick<Context, "db" | "log">,
  orderId: string,
  run: JobRun,
  adopt?: string,
): Promise<Lease | null> {
  const holder = `${run.name}:${run.id}:${randomBytes(6).toString("hex")}`;
  if (!(await takeSiteLease(ctx.db, orderId, holder, LEASE_SECONDS, adopt))) return null;

  let lost = false;
  const heartbeat = setInterval(() => {
    renewSiteLease(ctx.db, orderId, holder, LEASE_SECONDS)
      .then((held) => {
        if (!held) lost = true;
      })
      .catch((err) => ctx.log.warn({ err, orderId }, "lease heartbeat failed"));
  }, HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  return {
    check() {
      if (lost) throw new LeaseLost(orderId);
    },
    async release() {
      clearInterval(heartbeat);
      await releaseSiteLease(ctx.db, orderId, holder);
    },
    stop: () => clearInterval(heartbeat),
  };
}

/**
 * Takes the lease for a job about to be queued (the admin's reinstall): a second request
 * meanwhile is refused at once, and the job adopts the lease when a worker starts it.
 * Returns the holder to give the job, or null if the site is busy.
 */
export async function claimForQueuedJob(
  ctx: Pick<Context, "db">,
  orderId: string,
  jobName: string,
): Promise<string | null> {
  const holder = `${jobName}:queued:${randomBytes(6).toString("hex")}`;
  return (await takeSiteLease(ctx.db, orderId, holder, QUEUED_LEASE_SECONDS)) ? holder : null;
}

/** Gives back a lease taken for a job that could not be queued. */
export async function releaseQueuedLease(
  ctx: Pick<Context, "db">,
  orderId: string,
  holder: string,
): Promise<void> {
  await releaseSiteLease(ctx.db, orderId, holder);
}

/**
 * Finds leases whose holder stopped renewing them (its process died) and fails that run's job,
 * so the queue retries it at once instead of at its expiry (an hour, longer than any step).
 * `all` treats every lease as dead: the embedded database's worker at start, when no other
 * process can hold one. Of several workers sweeping at once, only one hands a given job back.
 * Returns how many leases were cleared.
 */
export async function sweepDeadLeases(
  ctx: Pick<Context, "db" | "queue" | "log">,
  all = false,
): Promise<number> {
  const cleared = await clearPastLeases(ctx.db, all);
  for (const { orderId, holder } of cleared) {
    const [name, jobId] = (holder ?? "").split(":");
    ctx.log.warn({ orderId, job: name }, "lease of a stopped worker released");
    if (name && jobId && jobId !== "queued" && jobId !== REQUEST_RUN) {
      await ctx.queue.fail(name, jobId, "Le processus qui traitait cette tâche s'est arrêté.");
    }
  }
  return cleared.length;
}

/** Sweeps dead leases every few seconds in a worker process; returns the stop function. */
export function startLeaseSweeper(ctx: Pick<Context, "db" | "queue" | "log">): () => void {
  const timer = setInterval(() => {
    sweepDeadLeases(ctx).catch((err) => ctx.log.error({ err }, "lease sweep failed"));
  }, HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
