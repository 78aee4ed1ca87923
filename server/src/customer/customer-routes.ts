import type { CustomerOrders, CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addKozaCheckout } from "../checkout/add-koza.ts";
import type { Context } from "../context.ts";
import { ownDomainDnsRecords } from "../custom-domain/dns-records.ts";
import { orders } from "../db/schema.ts";
import { forbidden, unauthorized } from "../lib/app-error.ts";
import { isOrderToken, magicLinkToken } from "../orders/magic-link.ts";
import { orderView, planName } from "../orders/order-view.ts";
import { authorizeOrder, TOKEN_INVALID, TOKEN_MISSING } from "./authorize-order.ts";

const tokenChecks = { rateLimit: { max: 60, timeWindow: "1 minute" } };

export async function customerRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/order/:orderId",
    {
      config: tokenChecks,
      schema: {
        params: z.object({ orderId: z.string() }),
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    async (request): Promise<CustomerOrderView> => {
      const order = await authorizeOrder(ctx, request.params.orderId, request.query.token);
      return { ...(await orderView(ctx, order)), dns_records: await ownDomainDnsRecords(ctx, order) };
    },
  );

  r.post(
    "/api/order/:orderId/add-koza",
    {
      config: tokenChecks,
      schema: { params: z.object({ orderId: z.string() }), body: z.object({ token: z.string().optional() }) },
    },
    async (request) =>
      addKozaCheckout(ctx, await authorizeOrder(ctx, request.params.orderId, request.body.token)),
  );

  r.get(
    "/api/customer/orders",
    {
      config: tokenChecks,
      schema: { querystring: z.object({ email: z.string().optional(), token: z.string().optional() }) },
    },
    async (request): Promise<CustomerOrders> => {
      const { email, token } = request.query;
      if (!token) throw unauthorized(TOKEN_MISSING);
      const rows = email
        ? await ctx.db
            .select()
            .from(orders)
            .where(eq(orders.customerEmail, email.trim().toLowerCase()))
            .orderBy(asc(orders.createdAt))
        : [];
      // Check every order's token so the time does not depend on which one matches.
      const matches = rows.map((o) => isOrderToken(ctx, o, token));
      if (!matches.includes(true)) throw forbidden(TOKEN_INVALID);
      return {
        total_sites: rows.length,
        orders: rows.map((o) => ({
          order_id: o.id,
          subdomain: o.subdomain,
          plan_name: planName(o),
          status: o.status,
          koza_option: o.kozaOption,
          magic_link_token: magicLinkToken(ctx, o),
        })),
      };
    },
  );
}
