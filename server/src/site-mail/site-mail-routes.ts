import { TokenQuery } from "@lagon/contracts/access-schemas";
import { SetContactEmailBody, SiteMailView } from "@lagon/contracts/site-mail-schemas";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { route } from "../lib/route.ts";
import { setContactEmail, siteMailView } from "./site-mail.ts";

const OrderParams = z.object({ orderId: z.string() });

/** The site's mail, behind the order's token: where its contact form delivers, and whether it can send. */
export async function siteMailRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/site-mail",
          access: "order-token",
          rateLimit: "reads",
          params: OrderParams,
          query: TokenQuery,
          response: { 200: SiteMailView },
        },
        async ({ order, site }): Promise<SiteMailView> => siteMailView(ctx, order, site),
      );

      route(
        scope,
        {
          method: "PUT",
          url: "/api/order/:orderId/site-mail",
          access: "order-token",
          rateLimit: "actions",
          params: OrderParams,
          body: SetContactEmailBody,
          response: { 200: SiteMailView },
        },
        async ({ order, site, body }): Promise<SiteMailView> =>
          setContactEmail(ctx, order, site, body.contact_email),
      );
    }),
  );
}
