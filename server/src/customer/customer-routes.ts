import { TokenQuery } from "@lagon/contracts/access-schemas";
import { CheckoutSessionCreated } from "@lagon/contracts/checkout-schemas";
import { CustomerOrders, CustomerOrderView } from "@lagon/contracts/orders-schemas";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { addKozaCheckout } from "../checkout/add-koza.ts";
import type { Context } from "../context.ts";
import { ownDomainDnsRecords } from "../custom-domain/dns-records.ts";
import { route } from "../lib/route.ts";
import { dashboardUrl, magicLinkToken } from "../orders/magic-link.ts";
import { orderView, planName } from "../orders/order-view.ts";
import { orderStatus } from "../orders/orders-table.ts";
import { blankSite, getSites } from "../sites/sites-table.ts";
import { customerSubscription, subscriptionStatuses } from "../subscriptions/customer-subscription.ts";
import { mailboxScope } from "./mailbox-access.ts";
import { orderTokenScope } from "./order-access.ts";

const OrderIdParams = z.object({ orderId: z.string() });

export async function customerRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId",
          access: "order-token",
          rateLimit: "reads",
          params: OrderIdParams,
          query: TokenQuery,
          response: { 200: CustomerOrderView },
        },
        async ({ order, site, orderLogs, orderExtras, orderToken }) => {
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

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/add-koza",
          access: "order-token",
          rateLimit: "reads",
          params: OrderIdParams,
          body: TokenQuery,
          response: { 200: CheckoutSessionCreated },
        },
        // Back to the order page with the token the customer came with.
        async ({ order, orderToken }) =>
          addKozaCheckout(ctx, order, dashboardUrl(ctx, order.id, orderToken.value)),
      );
    }),
  );

  await app.register(
    mailboxScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/customer/orders",
          access: "mailbox-token",
          rateLimit: "reads",
          query: TokenQuery.extend({ email: z.string().optional() }),
          response: { 200: CustomerOrders },
        },
        async ({ mailbox }) => {
          const ids = mailbox.orders.map((o) => o.id);
          const statuses = await subscriptionStatuses(ctx, ids);
          const sites = await getSites(ctx.db, ids);
          return {
            total_sites: mailbox.orders.length,
            // The caller proved the mailbox: each site's link is its mailbox one.
            orders: mailbox.orders.map((o) => ({
              order_id: o.id,
              subdomain: o.subdomain,
              plan_name: planName(o),
              status: orderStatus(o, sites.get(o.id) ?? blankSite(o.id)),
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
