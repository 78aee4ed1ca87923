import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";

/** E-mails the customer the link to their order page again, through its template. */
export async function resendMagicLink(ctx: Context, orderId: string): Promise<void> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  await queueEmail(ctx, {
    template: "magic_link_admin",
    to: order.customerEmail,
    orderId,
    vars: {
      customer_name: order.customerName,
      site_url: ctx.wordpress.siteUrl(order),
      magic_link: magicLinkUrl(ctx, order),
    },
  });
  await addOrderLog(ctx.db, orderId, {
    level: "info",
    action: "magic-link",
    details: `Lien d'accès renvoyé à ${order.customerEmail} par un administrateur.`,
  });
}
