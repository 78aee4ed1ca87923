import { OrderPathParams, TokenQuery } from "@lagon/contracts/access-schemas";
import { BACKUP_MESSAGES } from "@lagon/contracts/backups";
import { BackupList, RestoreBody, RestoreParams } from "@lagon/contracts/backups-schemas";
import { JobIdParams, JobStarted, JobStatus } from "@lagon/contracts/jobs-schemas";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { accepted } from "../jobs/site-job.ts";
import { route } from "../lib/route.ts";
import { requestRestore, restoreStatus } from "./backup-jobs.ts";
import { listBackups } from "./site-backups.ts";

/**
 * The customer's backups, behind the order's token (page or mailbox): list, restore. A restore
 * runs as a job (backup-jobs.ts): the request answers 202, the page follows the job.
 */
export async function backupRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/backups",
          access: "order-token",
          rateLimit: "reads",
          params: OrderPathParams,
          query: TokenQuery,
          response: { 200: BackupList },
        },
        async ({ order }): Promise<BackupList> => ({ backups: await listBackups(ctx, order.id) }),
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/backups/:backupId/restore",
          access: "order-token",
          rateLimit: "costly",
          params: RestoreParams,
          body: RestoreBody,
          response: { 202: JobStarted },
        },
        async ({ order, params }, reply) => {
          const jobId = await requestRestore(ctx, order.id, params.backupId);
          return accepted(reply, BACKUP_MESSAGES.restoreStarted, jobId);
        },
      );

      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/backups/restore/:jobId",
          access: "order-token",
          rateLimit: "reads",
          params: JobIdParams.extend(OrderPathParams.shape),
          query: TokenQuery,
          response: { 200: JobStatus },
        },
        ({ order, params }): Promise<JobStatus> => restoreStatus(ctx, params.jobId, order.id),
      );
    }),
  );
}
