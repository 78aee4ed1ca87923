import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { z } from "zod";
import type { Context } from "../context.ts";
import type { Database } from "../db/database.ts";
import type { JobRun } from "./order-lease.ts";

/** A job: a name, the schema of its payload, its retry policy and its handler. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * Seconds after which the queue gives up on a job still active and retries it. Longer than
   * the job can ever take: a job that works on a site holds the order's lease (order-lease.ts),
   * whose heartbeat tells a dead worker from a slow one much sooner.
   */
  expireInSeconds: number;
  /** How many of these jobs one process runs at once (default 1). */
  concurrency?: number;
  /**
   * How often an idle worker of this job looks for one in the database (default
   * IDLE_POLL_SECONDS). A job sent by this process wakes its workers at once; polling finds those
   * sent by another process (`ROLE=api` beside workers) and retries coming due. A job someone
   * waits for across processes (a paid order) polls faster.
   */
  pollingIntervalSeconds?: number;
  /**
   * When set, the job also runs on this schedule (cron, La Réunion's time), with an empty
   * payload, once across all workers. Undefined from the function: not scheduled.
   */
  cron?: (ctx: Context) => string | undefined;
  handle(
    payload: z.infer<S>,
    ctx: Context,
    job: JobRun & { retryCount: number; retryLimit: number },
  ): Promise<void>;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of jobs with different payloads
export type AnyJob = JobDefinition<any>;

export interface SendOptions {
  singletonKey?: string;
  /** With a key: at most one job of that key in each window of this many seconds. */
  singletonSeconds?: number;
  startAfterSeconds?: number;
}

export interface JobQueue {
  send<S extends z.ZodType>(
    job: { name: string; payload: S },
    payload: z.input<S>,
    opts?: SendOptions,
  ): Promise<string | null>;
  /** Starts handling every job in this process, each with its own concurrency. */
  work(ctx: Context): Promise<void>;
  /** Fails a job, whatever process runs it: the queue retries it if it has attempts left. */
  fail(name: string, id: string, message: string): Promise<void>;
  /** Where a job stands, the message it failed with, if it did, and its payload. */
  state(
    name: string,
    id: string,
  ): Promise<{
    state: "waiting" | "running" | "completed" | "failed";
    message?: string;
    data: unknown;
  } | null>;
  /**
   * Counts of jobs by state, for the health check. Not ok when jobs due for a while are still
   * waiting: no worker, in any process, is handling them.
   */
  health(): Promise<{ ok: boolean; queued: number; active: number; failed: number; stalled: number }>;
  stop(): Promise<void>;
}

/** Scheduled jobs run by La Réunion's clock. */
export const SCHEDULE_TIME_ZONE = "Indian/Reunion";

/**
 * Idle workers' polling (decision 0096): every poll is a query, and with one worker per job and
 * per unit of concurrency, polling every half second kept an idle embedded database (PGlite, one
 * thread) busy 16 % of a core, every provisioning query waiting its turn behind them.
 */
export const IDLE_POLL_SECONDS = 2;

/** A job due this long ago and still waiting means that no worker is running. */
export const STALLED_AFTER_SECONDS = 120;

/** pg-boss on the product's own database: PostgreSQL, or PGlite through its SQL executor. */
export async function startJobQueue(
  database: Database,
  jobs: AnyJob[],
  log: FastifyBaseLogger,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: database.sql,
    schema: "pgboss",
    supervise: true,
    maintenanceIntervalSeconds: 60,
  });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();
  for (const job of jobs) {
    const policy = {
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      // Backoff only with a delay: pg-boss raises a delay of 0 to 1 s when it backs off, so a job
      // retried at once (the tests', test-jobs.ts) would wait 1-2, 2-4, 4-8, 8-16 s between attempts.
      retryBackoff: job.retryDelaySeconds > 0,
      expireInSeconds: job.expireInSeconds,
    };
    // createQueue leaves a queue that exists as it is: a retry limit or delay changed in the code
    // would never reach a database made by an earlier version. updateQueue sets them again.
    await boss.createQueue(job.name, { name: job.name, ...policy });
    await boss.updateQueue(job.name, { name: job.name, ...policy });
  }

  // This process's workers of each job, woken when this process sends one.
  const workers = new Map<string, string[]>();
  return {
    async send(job, payload, opts) {
      const id = await boss.send(job.name, job.payload.parse(payload) as object, {
        singletonKey: opts?.singletonKey,
        singletonSeconds: opts?.singletonSeconds,
        startAfter: opts?.startAfterSeconds,
      });
      if (id && !opts?.startAfterSeconds) {
        for (const worker of workers.get(job.name) ?? []) boss.notifyWorker(worker);
      }
      return id;
    },

    async work(ctx) {
      for (const def of jobs) {
        // pg-boss runs one job at a time per worker: `concurrency` workers run that many at once.
        const ids: string[] = [];
        workers.set(def.name, ids);
        for (let i = 0; i < (def.concurrency ?? 1); i++) {
          const pollingIntervalSeconds = def.pollingIntervalSeconds ?? IDLE_POLL_SECONDS;
          const id = await boss.work(
            def.name,
            { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
            async ([job]) => {
              if (!job) return;
              const payload = def.payload.parse(job.data);
              await def.handle(payload, ctx, {
                name: def.name,
                id: job.id,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
            },
          );
          ids.push(id);
        }
        const cron = def.cron?.(ctx);
        if (cron) await boss.schedule(def.name, cron, {}, { tz: SCHEDULE_TIME_ZONE });
        else if (def.cron) await boss.unschedule(def.name);
      }
    },

    async fail(name, id, message) {
      await boss.fail(name, id, { message });
    },

    async state(name, id) {
      const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
      if (!job) return null;
      const output = job.output as { message?: unknown } | null;
      const message = typeof output?.message === "string" ? output.message : undefined;
      const data = job.data;
      if (job.state === "completed") return { state: "completed", data };
      if (job.state === "failed" || job.state === "cancelled") return { state: "failed", message, data };
      return { state: job.state === "active" ? "running" : "waiting", data };
    },

    async health() {
      const { rows } = await database.sql.executeSql(
        `select state, count(*)::int as n,
           count(*) filter (where state in ('created', 'retry')
             and start_after < now() - interval '${STALLED_AFTER_SECONDS} seconds')::int as stalled
         from pgboss.job group by state`,
        [],
      );
      const counts = rows as { state: string; n: number; stalled: number }[];
      const count = (s: string) => counts.find((r) => r.state === s)?.n ?? 0;
      const stalled = counts.reduce((sum, r) => sum + r.stalled, 0);
      return {
        ok: stalled === 0,
        stalled,
        queued: count("created") + count("retry"),
        active: count("active"),
        failed: count("failed"),
      };
    },

    stop: () => boss.stop({ graceful: true, timeout: 5000, wait: true }),
  };
}
