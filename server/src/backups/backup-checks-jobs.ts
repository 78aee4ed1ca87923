import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import { alertMissedBackups } from "./missed-backups.ts";
import { runRestoreDrill } from "./restore-drill.ts";

/** Every hour: sites whose daily backup is missing alert the agency (once per missed run); none without a daily backup. */
export const checkMissedBackupsJob = defineJob({
  name: "check-missed-backups",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 1800,
  cron: (ctx) => (ctx.config.BACKUP_SCHEDULE === "off" ? undefined : "23 * * * *"),
  handle: async (_payload, ctx) => {
    const missed = await alertMissedBackups(ctx);
    if (missed.length > 0) ctx.log.error({ missed }, "backups missed");
  },
});

/** Weekly (BACKUP_DRILL_SCHEDULE, unless "off"): the latest backups of a few sites restored and checked. */
export const restoreDrillJob = defineJob({
  name: "restore-drill",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 600,
  expireInSeconds: 6 * 3600,
  cron: (ctx) =>
    ctx.config.BACKUP_DRILL_SITES > 0 && ctx.config.BACKUP_DRILL_SCHEDULE !== "off"
      ? ctx.config.BACKUP_DRILL_SCHEDULE
      : undefined,
  handle: async (_payload, ctx) => {
    const results = await runRestoreDrill(ctx);
    const failed = results.filter((r) => !r.ok).map((r) => r.subdomain);
    if (failed.length > 0) ctx.log.error({ failed }, "restore drill: some sites failed");
    else ctx.log.info({ sites: results.length }, "restore drill passed");
  },
});
