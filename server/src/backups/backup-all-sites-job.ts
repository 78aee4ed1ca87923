import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import { backupAllSites } from "./site-backups.ts";

/** Every site, every day (BACKUP_SCHEDULE, unless "off"), then the retention policy. */
export const backupAllSitesJob = defineJob({
  name: "backup-all-sites",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 600,
  expireInSeconds: 6 * 3600,
  cron: (ctx) => (ctx.config.BACKUP_SCHEDULE === "off" ? undefined : ctx.config.BACKUP_SCHEDULE),
  handle: async (_payload, ctx) => {
    const { done, failed } = await backupAllSites(ctx);
    if (failed.length > 0) ctx.log.error({ done, failed }, "daily backups: some sites failed");
    else ctx.log.info({ done }, "daily backups done");
  },
});
