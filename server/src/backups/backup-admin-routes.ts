import { createGzip } from "node:zlib";
import { TokenQuery } from "@lagon/contracts/access-schemas";
import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import { OrderIdBody, OrderIdParams } from "@lagon/contracts/admin-schemas";
import { BACKUP_MESSAGES } from "@lagon/contracts/backups";
import { AdminDownloadQuery, AdminRestoreBody, BackupList } from "@lagon/contracts/backups-schemas";
import { JobIdParams, JobStarted, JobStatus } from "@lagon/contracts/jobs-schemas";
import type { FastifyInstance } from "fastify";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { accepted } from "../jobs/site-job.ts";
import { notFound } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { getOrder } from "../orders/orders-table.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { backupStatus, requestBackup, requestRestore, restoreStatus } from "./backup-jobs.ts";
import { findBackup, listBackups, writeSiteArchive } from "./site-backups.ts";

/**
 * The admin's backups of a site, inside the admin scope (admin-routes.ts, behind the admin
 * token, every action audited): list, back up now, restore any backup, download the site. A
 * backup and a restore run as jobs (backup-jobs.ts): 202, then the page follows the job.
 */
export function backupAdminRoutes(
  app: FastifyInstance,
  ctx: Pick<Context, "db" | "queue" | "wordpress" | "backups">,
): void {
  const orderOf = async (orderId: string) => {
    const order = await getOrder(ctx.db, orderId);
    return order;
  };

  route(
    app,
    {
      method: "GET",
      url: "/orders/:orderId/backups",
      access: "admin-token",
      rateLimit: "default",
      params: OrderIdParams,
      query: TokenQuery,
      response: { 200: BackupList },
    },
    async (request): Promise<BackupList> => {
      const order = await orderOf(request.params.orderId);
      return { backups: await listBackups(ctx, order.id) };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/backup-now",
      access: "admin-token",
      rateLimit: "default",
      body: OrderIdBody,
      query: TokenQuery,
      response: { 202: JobStarted },
    },
    async (request, reply) => {
      const orderId = request.body.order_id;
      const jobId = await audited(ctx, request, { action: "backup-now", orderId }, () =>
        requestBackup(ctx, orderId),
      );
      return accepted(reply, BACKUP_MESSAGES.backupStarted, jobId);
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/backup-now/:jobId",
      access: "admin-token",
      rateLimit: "default",
      params: JobIdParams,
      query: TokenQuery,
      response: { 200: JobStatus },
    },
    (request): Promise<JobStatus> => backupStatus(ctx, request.params.jobId),
  );

  route(
    app,
    {
      method: "POST",
      url: "/backups/restore",
      access: "admin-token",
      rateLimit: "default",
      body: AdminRestoreBody,
      query: TokenQuery,
      response: { 202: JobStarted },
    },
    async (request, reply) => {
      const { order_id: orderId, backup_id: backupId } = request.body;
      const jobId = await audited(
        ctx,
        request,
        { action: "restore-backup", orderId, details: backupId.slice(0, 8) },
        async () => requestRestore(ctx, (await orderOf(orderId)).id, backupId),
      );
      return accepted(reply, BACKUP_MESSAGES.restoreStarted, jobId);
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/backups/restore/:jobId",
      access: "admin-token",
      rateLimit: "default",
      params: JobIdParams,
      query: TokenQuery,
      response: { 200: JobStatus },
    },
    (request): Promise<JobStatus> => restoreStatus(ctx, request.params.jobId),
  );

  // The site as a .tar.gz (wp-config.php, wp-content, its database), streamed as it is made.
  route(
    app,
    {
      method: "GET",
      url: "/orders/:orderId/download",
      access: "admin-token",
      rateLimit: "default",
      params: OrderIdParams,
      query: AdminDownloadQuery,
      response: { 200: rawAnswer("application/gzip") },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const backupId = request.query.backup_id;
      const { order, backup } = await audited(
        ctx,
        request,
        { action: "download-site", orderId, details: backupId ? backupId.slice(0, 8) : "site actuel" },
        async () => {
          const order = await orderOf(orderId);
          const backup = backupId ? await findBackup(ctx, orderId, backupId) : null;
          if (!backup && (await (await siteHostOf(ctx, order.id)).status(order.subdomain)) === "absent")
            throw notFound(ADMIN_MESSAGES.noSiteToDownload);
          return { order, backup };
        },
      );
      const when = (backup?.createdAt ?? new Date()).toISOString().slice(0, 16).replace(/[-:T]/g, "");
      const gzip = createGzip();
      writeSiteArchive(ctx, order, backup, gzip).then(
        () => gzip.end(),
        (err: Error) => {
          // The download stops short: the archive is visibly broken, never silently incomplete.
          request.log.error({ err, orderId }, "site download failed");
          gzip.destroy(err);
        },
      );
      return reply
        .type("application/gzip")
        .header("Content-Disposition", `attachment; filename="${order.subdomain}-${when}.tar.gz"`)
        .header("Cache-Control", "no-store")
        .send(gzip);
    },
  );
}
