import { z } from "zod";
import type { Context } from "../context.ts";

/**
 * The name and payload of a domain's check job: what sends it needs no more, so the lifecycle
 * queues the next check without importing the job that runs it (check-domain-job.ts).
 */
export const domainCheck = {
  name: "custom-domain-check",
  payload: z.object({ domainId: z.number().int() }),
};

/** Queues the domain's check job for `at` (the check itself runs only once the domain is due). */
export async function sendCheck(ctx: Pick<Context, "queue">, domainId: number, at: Date): Promise<void> {
  await ctx.queue.send(
    domainCheck,
    { domainId },
    {
      startAfterSeconds: Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000)),
    },
  );
}
