import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import { billingNow } from "./billing-clock.ts";
import { runLifecycle } from "./run-lifecycle.ts";

/** The subscription lifecycle, every hour (and at once when the offline test clock moves). */
export const subscriptionLifecycleJob = defineJob({
  name: "subscription-lifecycle",
  payload: z.object({}).passthrough(),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 30 * 60,
  cron: () => "7 * * * *",
  async handle(_payload, ctx) {
    const handled = await runLifecycle(ctx, await billingNow(ctx));
    if (handled > 0) ctx.log.info({ handled }, "subscription lifecycle pass");
  },
});
