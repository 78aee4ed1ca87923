import type { Context } from "../context.ts";
import { type Order, paymentAlerts } from "../db/schema.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { addOrderLog } from "../orders/order-log.ts";

/** Records a payment fact once (`key`), in the order's logs and an e-mail to the agency. */
export async function alertAgencyOnce(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "log">,
  key: string,
  order: Order | undefined,
  message: { alert: string; detail: string },
): Promise<void> {
  const fresh = await ctx.db
    .insert(paymentAlerts)
    .values({ key, orderId: order?.id ?? null })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0) return;
  ctx.log.warn({ key, orderId: order?.id }, `stripe: ${message.alert}`);
  if (order) {
    await addOrderLog(ctx.db, order.id, {
      level: "warning",
      action: "payment-alert",
      details: `${message.alert} : ${message.detail}`,
    });
  }
  await queueEmail(ctx, {
    template: "payment_alert_agency",
    to: ctx.config.AGENCY_EMAIL,
    orderId: order?.id,
    vars: {
      ...message,
      order_id: order?.id ?? "(aucune commande liée)",
      subdomain: order?.subdomain ?? "(inconnu)",
      customer_email: order?.customerEmail ?? "(inconnu)",
      admin_url: `${ctx.config.PUBLIC_URL}/admin`,
    },
  });
}
