import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import type { OrderStatusResponse } from "@lagon/contracts/checkout-schemas";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions, orders } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";

/**
 * What the success page polls. The checkout session id is the capability: the credentials and
 * the magic link go only to the one who came back from that payment, and only once the site is live.
 */
export async function orderStatus(ctx: Context, providerSessionId: string): Promise<OrderStatusResponse> {
  const [row] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  if (row?.kind !== "order") throw notFound(CHECKOUT_MESSAGES.sessionNotFound);
  // As Stripe recommends, the return page fulfils too, in case the webhook is late.
  const orderId = row.orderId ?? (await fulfilCheckout(ctx, providerSessionId)).orderId;
  const [order] = orderId ? await ctx.db.select().from(orders).where(eq(orders.id, orderId)) : [];
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
  const live = order.status === "active";
  return {
    status: live ? "completed" : order.status,
    order_id: order.id,
    magic_link_token: live ? magicLinkToken(ctx, order) : null,
    // The site's host as it is reached (with its port on a local machine): the page links to it.
    domain: new URL(ctx.wordpress.siteUrl(order.subdomain)).host,
    wp_admin_user: live ? order.wpUsername : null,
    wp_admin_password: live && order.wpPasswordEnc ? ctx.secrets.open(order.wpPasswordEnc) : null,
    koza_option: order.kozaOption,
    failed: order.status === "error",
  };
}
