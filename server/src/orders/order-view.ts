import type { KitState } from "@lagon/contracts/orders";
import type { LogEntry, OrderView } from "@lagon/contracts/orders-schemas";
import { type PlanId, planById } from "@lagon/contracts/plans";
import type { Context } from "../context.ts";
import { customDomainView } from "../custom-domain/domain-view.ts";
import type { CustomDomain, Order, Site } from "../db/schema.ts";
import { orderStatus, orderSteps } from "./orders-table.ts";

export function planName(order: Pick<Order, "planId">): string {
  return planById(order.planId as PlanId).name;
}

/** The plan kit's state as the order page and the admin show it (decision 0058). */
export function kitView(kit: KitState | null): OrderView["kit"] {
  return kit
    ? { status: kit.status, detail: kit.detail, features: kit.features, retry_at: kit.retryAt ?? null }
    : null;
}

/**
 * The full order of spec section 3, with its logs (read with the order), but without a token:
 * the caller adds the one the customer opened the page with. Only for a holder of one of the
 * order's tokens.
 */
export function orderView(
  ctx: Pick<Context, "secrets" | "wordpress">,
  order: Order,
  site: Site,
  logs: LogEntry[],
  customDomain: CustomDomain | null,
): Omit<OrderView, "magic_link_token"> {
  const status = orderStatus(order, site);
  const active = status === "active";
  return {
    _id: order.id,
    order_id: order.id,
    subdomain: order.subdomain,
    site_url: ctx.wordpress.siteUrl(order.subdomain, site),
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    company_name: order.companyName,
    plan_name: planName(order),
    status,
    created_at: order.createdAt.toISOString(),
    steps: orderSteps(order, site),
    koza_option: order.kozaOption,
    koza_status: site.kozaStatus,
    kit: kitView(site.kit),
    custom_domain: customDomain ? customDomainView(ctx, customDomain) : null,
    wp_credentials:
      active && site.wpAdminUrl && site.wpUsername && site.wpPasswordEnc
        ? {
            admin_url: site.wpAdminUrl,
            username: site.wpUsername,
            password: ctx.secrets.open(site.wpPasswordEnc),
          }
        : null,
    logs,
  };
}
