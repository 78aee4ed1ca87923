import { OrderPathParams, TokenQuery } from "@lagon/contracts/access-schemas";
import { MAINTENANCE_MESSAGES, updateMode } from "@lagon/contracts/maintenance";
import {
  MaintenanceView,
  RequestUpdateBody,
  RequestUpdateResult,
} from "@lagon/contracts/maintenance-schemas";
import type { PlanId } from "@lagon/contracts/plans";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { badRequest, conflict } from "../lib/app-error.ts";
import { route } from "../lib/route.ts";
import { maintenanceView } from "./maintenance-view.ts";
import { queueSiteUpdate } from "./update-jobs.ts";
import { isLive } from "./versions.ts";

/** The order page's updates and monitoring, behind the order's token; a Libre site's update request. */
export async function maintenanceRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/maintenance",
          access: "order-token",
          rateLimit: "reads",
          params: OrderPathParams,
          query: TokenQuery,
          response: { 200: MaintenanceView },
        },
        ({ order }): Promise<MaintenanceView> => maintenanceView(ctx, order),
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/maintenance/update",
          access: "order-token",
          rateLimit: "costly",
          params: OrderPathParams,
          body: RequestUpdateBody,
          response: { 202: RequestUpdateResult },
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
