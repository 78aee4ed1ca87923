import { z } from "zod";
import type { Context } from "../context.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { domainCheck } from "./domain-check-queue.ts";
import { queueDueChecks, runDomainCheck } from "./domain-lifecycle.ts";

/** One step of a custom domain's life (domain-lifecycle.ts); it schedules the next itself. */
export const checkDomainJob = defineJob({
  ...domainCheck,
  // Retried when another worker holds the domain, or when the worker died during a check.
  retryLimit: 8,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  handle: ({ domainId }, ctx) => runDomainCheck(ctx, domainId),
});

const SWEEP_SECONDS = 300;

/**
 * Every five minutes, queues the checks that are due (renewals a month ahead, jobs lost in a
 * crash). One sweep per five-minute slot, however many workers send it.
 */
export const sweepDomainChecksJob = defineJob({
  name: "custom-domain-sweep",
  payload: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 120,
  async handle(_payload, ctx) {
    try {
      await queueDueChecks(ctx);
    } finally {
      await scheduleDomainSweep(ctx, SWEEP_SECONDS);
    }
  },
});

export function scheduleDomainSweep(ctx: Pick<Context, "queue">, inSeconds = 0): Promise<string | null> {
  return ctx.queue.send(
    sweepDomainChecksJob,
    {},
    {
      singletonKey: "custom-domain-sweep",
      singletonSeconds: SWEEP_SECONDS,
      startAfterSeconds: inSeconds,
    },
  );
}
