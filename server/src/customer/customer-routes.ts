import { TokenQuery } from "@lagon/contracts/access-schemas";
import type { CustomerOrders, CustomerOrderView } from "@lagon/contracts/orders-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addKozaCheckout } from "../checkout/add-koza.ts";
import type { Context } from "../context.ts";
import { ownDomainDnsRecords } from "../custom-domain/dns-records.ts";
import { dashboardUrl, magicLinkToken } from "../orders/magic-link.ts";
import { orderView, planName } from "../orders/order-view.ts";
import { customerSubscription, subscriptionStatuses } from "../subscriptions/customer-subscription.ts";
import { mailboxScope } from "./mailbox-access.ts";
import { orderTokenScope } from "./order-access.ts";

const tokenChecks = { rateLimit: { max: 60, timeWindow: "1 minute" } };

export async function customerRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        "/api/order/:orderId",
        {
          config: tokenChecks,
          schema: {
            params: z.object({ orderId: z.string() }),
            querystring: TokenQuery,
          },
        },
        async ({ order, site, orderLogs, orderExtras, orderToken }): Promise<CustomerOrderView> => {
          const { domain } = orderExtras;
          return {
            ...orderView(ctx, order, site, orderLogs, domain),
            // The token the page was opened with, never a stronger one.
            magic_link_token: orderToken.value,
            access: orderToken.access,
            dns_records: ownDomainDnsRecords(ctx.config, order.subdomain, domain),
            subscription: await customerSubscription(ctx, order, orderExtras.subscription),
          };
        },
      );

      r.post(
        "/api/order/:orderId/add-koza",
        {
          config: tokenChecks,
          schema: {
            params: z.object({ orderId: z.string() }),
            body: TokenQuery,
          },
        },
        // Back to the order page with the token the customer came with.
        async ({ order, orderToken }) =>
          addKozaCheckout(ctx, order, dashboardUrl(ctx, order.id, orderToken.value)),
      );
    }),
  );

  await app.register(
    mailboxScope(ctx, (scope) => {
      scope.withTypeProvider<ZodTypeProvider>().get(
        "/api/customer/orders",
        {
          config: tokenChecks,
          schema: { querystring: TokenQuery.extend({ email: z.string().optional() }) },
        },
        async ({ mailbox }): Promise<CustomerOrders> => {
          const statuses = await subscriptionStatuses(
            ctx,
            mailbox.orders.map((o) => o.id),
          );
          return {
            total_sites: mailbox.orders.length,
            // The caller proved the mailbox: each site's link is its mailbox one.
            orders: mailbox.orders.map((o) => ({
              order_id: o.id,
              subdomain: o.subdomain,
              plan_name: planName(o),
              status: o.status,
              koza_option: o.kozaOption,
              magic_link_token: magicLinkToken(ctx, o),
              subscription_status: statuses.get(o.id) ?? null,
            })),
          };
        },
      );
    }),
  );
}
