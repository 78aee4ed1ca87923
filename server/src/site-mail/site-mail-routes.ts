import { TokenQuery } from "@lagon/contracts/access-schemas";
import { SetContactEmailBody, type SiteMailView } from "@lagon/contracts/site-mail-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { setContactEmail, siteMailView } from "./site-mail.ts";

/** The site's mail, behind the order's token: where its contact form delivers, and whether it can send. */
export async function siteMailRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        "/api/order/:orderId/site-mail",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), querystring: TokenQuery },
        },
        async ({ order, site }): Promise<SiteMailView> => siteMailView(ctx, order, site),
      );

      r.put(
        "/api/order/:orderId/site-mail",
        {
          config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), body: SetContactEmailBody },
        },
        async ({ order, site, body }): Promise<SiteMailView> =>
          setContactEmail(ctx, order, site, body.contact_email),
      );
    }),
  );
}
