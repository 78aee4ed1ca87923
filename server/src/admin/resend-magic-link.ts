import type { Context } from "../context.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { getOrder } from "../orders/orders-table.ts";
import { siteUrlOf } from "../sites/site-of.ts";

/** E-mails the customer the link to their order page again, through its template. */
export async function resendMagicLink(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress">,
  orderId: string,
): Promise<void> {
  const order = await getOrder(ctx.db, orderId);
  await queueEmail(ctx, {
    template: "magic_link_admin",
    to: order.customerEmail,
    orderId,
    vars: {
      customer_name: order.customerName,
      site_url: await siteUrlOf(ctx, order),
      magic_link: magicLinkUrl(ctx, order),
    },
  });
  await addOrderLog(ctx.db, orderId, {
    level: "info",
    action: "magic-link",
    details: `Lien d'accès renvoyé à ${order.customerEmail} par un administrateur.`,
  });
}
