import { BACKUP_MESSAGES } from "@lagon/contracts/backups";
import { BackupId } from "@lagon/contracts/backups-schemas";
import type { JobStatus } from "@lagon/contracts/jobs-schemas";
import { z } from "zod";
import type { Context } from "../context.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { queueSiteJob, runSiteJob, siteJobStatus } from "../jobs/site-job.ts";
import { badRequest } from "../lib/app-error.ts";
import { getOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { backupNow, findBackup, restoreNow, restoreRefusal } from "./site-backups.ts";

// A backup or a restore takes from seconds (the embedded host) to minutes (over SSH): each is a
// job that holds the site's lease, queued by its request, which answers 202 with the job's id.

const site = { orderId: z.uuid(), holder: z.string() };
const french = Object.values(BACKUP_MESSAGES);

/** The admin's "Sauvegarder maintenant". Once more if its worker died midway. */
export const backupSiteJob = defineJob({
  name: "backup-site",
  payload: z.object(site),
  retryLimit: 1,
  retryDelaySeconds: 5,
  expireInSeconds: 3600,
  handle: (payload, ctx, job) =>
    runSiteJob(ctx, payload, job, BACKUP_MESSAGES.busy, async (order) => {
      await backupNow(ctx, order);
    }),
});

/** A restore (the customer's or the admin's). Once more if its worker died midway. */
export const restoreBackupJob = defineJob({
  name: "restore-backup",
  payload: z.object({ ...site, backupId: BackupId }),
  retryLimit: 1,
  retryDelaySeconds: 5,
  expireInSeconds: 3600,
  handle: (payload, ctx, job) =>
    runSiteJob(ctx, payload, job, BACKUP_MESSAGES.busy, (order) => restoreNow(ctx, order, payload.backupId)),
});

/** Queues a manual backup of the order's site; refuses at once an unknown order or one with no site yet. */
export async function requestBackup(ctx: Pick<Context, "db" | "queue">, orderId: string): Promise<string> {
  await getOrder(ctx.db, orderId);
  if (!(await getSite(ctx.db, orderId)).wpUsername) throw badRequest(BACKUP_MESSAGES.noSite);
  return queueSiteJob(ctx, orderId, backupSiteJob, (holder) => ({ orderId, holder }), BACKUP_MESSAGES.busy);
}

/** Queues a restore; refuses at once a backup of another order and an archived site. */
export async function requestRestore(
  ctx: Pick<Context, "db" | "queue">,
  orderId: string,
  backupId: string,
): Promise<string> {
  await findBackup(ctx, orderId, backupId);
  const refused = await restoreRefusal(ctx, orderId);
  if (refused) throw refused;
  return queueSiteJob(
    ctx,
    orderId,
    restoreBackupJob,
    (holder) => ({ orderId, backupId, holder }),
    BACKUP_MESSAGES.busy,
  );
}

/** Where a backup stands, for the admin page. */
export const backupStatus = (ctx: Pick<Context, "queue">, jobId: string): Promise<JobStatus> =>
  siteJobStatus(ctx, backupSiteJob.name, jobId, { french, fallback: BACKUP_MESSAGES.failed });

/** Where a restore stands; with `orderId` (the customer's page), only a restore of that order. */
export const restoreStatus = (
  ctx: Pick<Context, "queue">,
  jobId: string,
  orderId?: string,
): Promise<JobStatus> =>
  siteJobStatus(ctx, restoreBackupJob.name, jobId, {
    orderId,
    french,
    fallback: BACKUP_MESSAGES.restoreFailed,
  });
