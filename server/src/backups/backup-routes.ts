import {
  type BackupList,
  RestoreBody,
  RestoreParams,
  type RestoreResult,
} from "@lagon/contracts/backups-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { backupView, listBackups, restoreBackup } from "./site-backups.ts";

/** The customer's backups, behind the order's token (page or mailbox): list, restore. */
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
            querystring: z.object({ token: z.string().optional() }),
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
        async ({ order, params }): Promise<RestoreResult> => {
          const { restored, safety } = await restoreBackup(ctx, order, params.backupId);
          return { restored: backupView(restored), safety_backup: safety ? backupView(safety) : null };
        },
      );
    }),
  );
}
