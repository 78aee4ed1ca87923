import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";

/**
 * WordPress's scheduled tasks of every site (publishing planned posts, plugins' own tasks): sites
 * cannot call their own wp-cron.php (DISABLE_WP_CRON), so every 5 minutes each host runs it for
 * every site, within that site's confinement (site-host.sh cron).
 */
export const runSiteCronJob = defineJob({
  name: "run-site-cron",
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 1800,
  cron: () => "*/5 * * * *",
  handle: async (_payload, ctx) => {
    for (const { name, host } of ctx.wordpress.all) {
      await host
        .runScheduledTasks()
        .catch((err: Error) => ctx.log.error({ err, host: name }, "wordpress cron: not run"));
    }
  },
});
