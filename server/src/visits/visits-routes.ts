import { TokenQuery } from "@lagon/contracts/access-schemas";
import type { VisitsView } from "@lagon/contracts/visits-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { visitsView } from "./visits-view.ts";

/** The order page's visit statistics, behind the order's token (decision 0051). */
export async function visitsRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      scope.withTypeProvider<ZodTypeProvider>().get(
        "/api/order/:orderId/visits",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: {
            params: z.object({ orderId: z.string() }),
            querystring: TokenQuery,
          },
        },
        ({ order }): Promise<VisitsView> => visitsView(ctx, order),
      );
    }),
  );
}
