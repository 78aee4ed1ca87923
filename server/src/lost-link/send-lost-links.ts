import { and, count, eq, gt } from "drizzle-orm";
import type { Context } from "../context.ts";
import { emailLog } from "../db/schema.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { ordersOfEmail } from "../orders/orders-table.ts";
import { siteUrlOf } from "../sites/site-of.ts";

const MAX_PER_WINDOW = 10;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * E-mails a link to every order of this address, at most a few times per quarter of an hour per
 * address (the e-mail log is the counter, so every process sees it).
 */
export async function sendLostLinks(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress" | "log">,
  email: string,
): Promise<void> {
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(emailLog)
    .where(
      and(
        eq(emailLog.recipient, email),
        eq(emailLog.template, "magic_link_lost"),
        gt(emailLog.createdAt, new Date(Date.now() - WINDOW_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= MAX_PER_WINDOW) {
    ctx.log.warn("lost link: too many requests for one address");
    return;
  }
  const rows = await ordersOfEmail(ctx.db, email);
  for (const order of rows) {
    await queueEmail(ctx, {
      template: "magic_link_lost",
      to: order.customerEmail,
      orderId: order.id,
      vars: {
        customer_name: order.customerName,
        site_url: await siteUrlOf(ctx, order),
        magic_link: magicLinkUrl(ctx, order),
      },
    });
  }
}
