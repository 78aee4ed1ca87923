import { OrderPathParams, TokenQuery } from "@lagon/contracts/access-schemas";
import { VisitsView } from "@lagon/contracts/visits-schemas";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { route } from "../lib/route.ts";
import { visitsView } from "./visits-view.ts";

/** The order page's visit statistics, behind the order's token (decision 0051). */
export async function visitsRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/visits",
          access: "order-token",
          rateLimit: "reads",
          params: OrderPathParams,
          query: TokenQuery,
          response: { 200: VisitsView },
        },
        ({ order }): Promise<VisitsView> => visitsView(ctx, order),
      );
    }),
  );
}
