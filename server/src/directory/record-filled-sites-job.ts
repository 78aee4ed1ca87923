import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import { recordFilledSites } from "./site-filled.ts";

/** Every 15 minutes (DIRECTORY_CHECK_SCHEDULE): sites whose owners changed their home page join the directory. */
export const recordFilledSitesJob = defineJob({
  name: "record-filled-sites",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  cron: (ctx) => ctx.config.DIRECTORY_CHECK_SCHEDULE,
  handle: async (_payload, ctx) => {
    const filled = await recordFilledSites(ctx);
    if (filled > 0) ctx.log.info({ filled }, "sites joined the directory");
  },
});
