import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "../context.ts";
import { domainRequests, orders, type orders as ordersTable } from "../db/schema.ts";
import { badRequest, conflict } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";

/**
 * Records a custom-domain request on the order (one at a time), then tells the agency and the
 * customer. The three writes commit together; the e-mails are queued once they have.
 */
export async function requestCustomDomain(
  ctx: Context,
  order: typeof ordersTable.$inferSelect,
  request: { hasOwnDomain: boolean; domainName: string; message: string },
): Promise<void> {
  const base = ctx.config.BASE_DOMAIN.toLowerCase();
  if (request.domainName === base || request.domainName.endsWith(`.${base}`)) {
    throw badRequest(DOMAIN_MESSAGES.platformDomain);
  }
  await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(orders)
      .set({ customDomain: request.domainName, customDomainStatus: "pending" })
      .where(and(eq(orders.id, order.id), isNull(orders.customDomainStatus)))
      .returning({ id: orders.id });
    if (claimed.length === 0) throw conflict(DOMAIN_MESSAGES.alreadyRequested);
    await tx.insert(domainRequests).values({
      orderId: order.id,
      hasOwnDomain: request.hasOwnDomain,
      domainName: request.domainName,
      message: request.message || null,
    });
    await addOrderLog(tx as unknown as Context["db"], order.id, {
      level: "info",
      action: "custom-domain",
      details: `Demande de domaine personnalisé : ${request.domainName} (${request.hasOwnDomain ? "déjà possédé" : "à acheter"}).`,
    });
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
