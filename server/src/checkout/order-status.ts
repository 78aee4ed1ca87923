import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import type { OrderStatusResponse } from "@lagon/contracts/checkout-schemas";
import type { Context } from "../context.ts";
import { checkoutSessions } from "../db/schema.ts";
import { AppError, notFound } from "../lib/app-error.ts";
import { pageToken } from "../orders/magic-link.ts";
import { findOrder, orderStatus as orderStatusOf } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { bySessionId } from "./checkout-session-id.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";

/**
 * How long after the order (the payment) its checkout session id still answers. A site is live
 * in about 5 minutes and the page polls every 5 s: an hour covers a slow creation and a customer
 * who comes back to the tab, while a session id found later (browser history, a screenshot, a
 * provider's dashboard) no longer gives the WordPress password or the page token. The e-mailed
 * link keeps working.
 */
export const ORDER_STATUS_ACCESS_MS = 60 * 60 * 1000;

/**
 * What the success page polls. The checkout session id is the capability, for a short time: the
 * credentials and the order's page token go only to the one who came back from that payment,
 * and only once the site is live. The page token opens that order, not the customer's others.
 */
export async function orderStatus(ctx: Context, providerSessionId: string): Promise<OrderStatusResponse> {
  const [row] = await ctx.db.select().from(checkoutSessions).where(bySessionId(providerSessionId));
  if (row?.kind !== "order") throw notFound(CHECKOUT_MESSAGES.sessionNotFound);
  // As Stripe recommends, the return page fulfils too, in case the webhook is late.
  const orderId = row.orderId ?? (await fulfilCheckout(ctx, providerSessionId)).orderId;
  const order = orderId ? await findOrder(ctx.db, orderId) : undefined;
  if (!order) {
    return {
      status: "pending",
      order_id: null,
      magic_link_token: null,
      domain: null,
      wp_admin_user: null,
      wp_admin_password: null,
      koza_option: row.kozaOption,
      failed: false,
    };
  }
  if (Date.now() - order.createdAt.getTime() > ORDER_STATUS_ACCESS_MS) {
    throw new AppError(410, CHECKOUT_MESSAGES.statusExpired);
  }
  const site = await getSite(ctx.db, order.id);
  const status = orderStatusOf(order, site);
  const live = status === "active";
  return {
    status: live ? "completed" : status,
    order_id: order.id,
    magic_link_token: live ? await pageToken(ctx, order) : null,
    // The site's host as it is reached (with its port on a local machine): the page links to it.
    domain: new URL(ctx.wordpress.siteUrl(order.subdomain, site)).host,
    wp_admin_user: live ? site.wpUsername : null,
    wp_admin_password: live && site.wpPasswordEnc ? ctx.secrets.open(site.wpPasswordEnc) : null,
    koza_option: order.kozaOption,
    failed: status === "error",
  };
}
