import { TokenQuery } from "@lagon/contracts/access-schemas";
import { MAINTENANCE_MESSAGES, updateMode } from "@lagon/contracts/maintenance";
import {
  type MaintenanceView,
  RequestUpdateBody,
  type RequestUpdateResult,
} from "@lagon/contracts/maintenance-schemas";
import type { PlanId } from "@lagon/contracts/plans";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { badRequest, conflict } from "../lib/app-error.ts";
import { maintenanceView } from "./maintenance-view.ts";
import { queueSiteUpdate } from "./update-jobs.ts";
import { isLive } from "./versions.ts";

/** The order page's updates and monitoring, behind the order's token; a Libre site's update request. */
export async function maintenanceRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        "/api/order/:orderId/maintenance",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: {
            params: z.object({ orderId: z.string() }),
            querystring: TokenQuery,
          },
        },
        ({ order }): Promise<MaintenanceView> => maintenanceView(ctx, order),
      );

      r.post(
        "/api/order/:orderId/maintenance/update",
        {
          config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), body: RequestUpdateBody },
        },
        async ({ order }, reply): Promise<RequestUpdateResult> => {
          if (updateMode(order.planId as PlanId) === "automatic")
            throw badRequest(MAINTENANCE_MESSAGES.automatic);
          const view = await maintenanceView(ctx, order);
          if (!view.versions || !(await isLive(ctx, order.id)))
            throw badRequest(MAINTENANCE_MESSAGES.notLive);
          if (view.pending) throw conflict(MAINTENANCE_MESSAGES.alreadyQueued);
          if (view.available.length === 0) throw badRequest(MAINTENANCE_MESSAGES.nothingToUpdate);
          if (!(await queueSiteUpdate(ctx, order.id, "customer")))
            throw conflict(MAINTENANCE_MESSAGES.alreadyQueued);
          reply.code(202);
          return { detail: MAINTENANCE_MESSAGES.queued };
        },
      );
    }),
  );
}
