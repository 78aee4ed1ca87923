import type { OrderView } from "@lagon/contracts/orders-schemas";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { asc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { customDomainView, orderDomain } from "../custom-domain/domain-view.ts";
import { type customDomains, orderLogs, type orders } from "../db/schema.ts";

type Order = typeof orders.$inferSelect;

export function planName(order: Pick<Order, "planId">): string {
  return planById(order.planId as PlanId).name;
}

/**
 * The full order of spec section 3, with its logs, but without a token: the caller adds the one
 * the customer opened the page with. Only for a holder of one of the order's tokens.
 */
export async function orderView(
  ctx: Pick<Context, "db" | "secrets" | "wordpress">,
  order: Order,
  domain?: typeof customDomains.$inferSelect | null,
): Promise<Omit<OrderView, "magic_link_token">> {
  const customDomain = domain === undefined ? await orderDomain(ctx, order.id) : domain;
  const logs = await ctx.db
    .select()
    .from(orderLogs)
    .where(eq(orderLogs.orderId, order.id))
    .orderBy(asc(orderLogs.id));
  const active = order.status === "active";
  return {
    _id: order.id,
    order_id: order.id,
    subdomain: order.subdomain,
    site_url: ctx.wordpress.siteUrl(order.subdomain),
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    company_name: order.companyName,
    plan_name: planName(order),
    status: order.status,
    created_at: order.createdAt.toISOString(),
    steps: order.steps,
    koza_option: order.kozaOption,
    koza_status: order.kozaStatus,
    custom_domain: customDomain ? customDomainView(ctx, customDomain) : null,
    wp_credentials:
      active && order.wpAdminUrl && order.wpUsername && order.wpPasswordEnc
        ? {
            admin_url: order.wpAdminUrl,
            username: order.wpUsername,
            password: ctx.secrets.open(order.wpPasswordEnc),
          }
        : null,
    logs: logs.map((l) => ({
      timestamp: l.timestamp.toISOString(),
      level: l.level,
      action: l.action,
      details: l.details,
    })),
  };
}
