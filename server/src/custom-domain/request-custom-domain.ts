import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "../context.ts";
import { domainRequests, orders, type orders as ordersTable } from "../db/schema.ts";
import { conflict } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";

/** Records a custom-domain request on the order, and tells the agency and the customer. */
export async function requestCustomDomain(
  ctx: Context,
  order: typeof ordersTable.$inferSelect,
  request: { hasOwnDomain: boolean; domainName: string; message: string },
): Promise<void> {
  const claimed = await ctx.db
    .update(orders)
    .set({ customDomain: request.domainName, customDomainStatus: "pending" })
    .where(and(eq(orders.id, order.id), isNull(orders.customDomainStatus)))
    .returning({ id: orders.id });
  if (claimed.length === 0) throw conflict(DOMAIN_MESSAGES.alreadyRequested);
  await ctx.db.insert(domainRequests).values({
    orderId: order.id,
    hasOwnDomain: request.hasOwnDomain,
    domainName: request.domainName,
    message: request.message || null,
  });
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "custom-domain",
    details: `Demande de domaine personnalisé : ${request.domainName} (${request.hasOwnDomain ? "déjà possédé" : "à acheter"}).`,
  });
  const vars = {
    order_id: order.id,
    subdomain: order.subdomain,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    has_own_domain: request.hasOwnDomain ? "oui" : "non",
    domain_name: request.domainName,
    message: request.message || "—",
    magic_link: magicLinkUrl(ctx, order),
  };
  await queueEmail(ctx, {
    template: "domain_request_agency",
    to: ctx.config.AGENCY_EMAIL,
    orderId: order.id,
    vars,
  });
  await queueEmail(ctx, {
    template: "domain_request_customer",
    to: order.customerEmail,
    orderId: order.id,
    vars,
  });
}
