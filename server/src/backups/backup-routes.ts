import { TokenQuery } from "@lagon/contracts/access-schemas";
import { BACKUP_MESSAGES } from "@lagon/contracts/backups";
import { type BackupList, RestoreBody, RestoreParams } from "@lagon/contracts/backups-schemas";
import { JobIdParams, type JobStatus } from "@lagon/contracts/jobs-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { accepted } from "../jobs/site-job.ts";
import { requestRestore, restoreStatus } from "./backup-jobs.ts";
import { listBackups } from "./site-backups.ts";

/**
 * The customer's backups, behind the order's token (page or mailbox): list, restore. A restore
 * runs as a job (backup-jobs.ts): the request answers 202, the page follows the job.
 */
export async function backupRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        "/api/order/:orderId/backups",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: {
            params: z.object({ orderId: z.string() }),
            querystring: TokenQuery,
          },
        },
        async ({ order }): Promise<BackupList> => ({ backups: await listBackups(ctx, order.id) }),
      );

      r.post(
        "/api/order/:orderId/backups/:backupId/restore",
        {
          config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
          schema: { params: RestoreParams, body: RestoreBody },
        },
        async ({ order, params }, reply) => {
          const jobId = await requestRestore(ctx, order.id, params.backupId);
          return accepted(reply, BACKUP_MESSAGES.restoreStarted, jobId);
        },
      );

      r.get(
        "/api/order/:orderId/backups/restore/:jobId",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: {
            params: JobIdParams.extend({ orderId: z.string() }),
            querystring: TokenQuery,
          },
        },
        ({ order, params }): Promise<JobStatus> => restoreStatus(ctx, params.jobId, order.id),
      );
    }),
  );
}
