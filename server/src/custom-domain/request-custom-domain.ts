import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import type { Context } from "../context.ts";
import { domainRequests, type Order } from "../db/schema.ts";
import { badRequest, conflict } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import {
  customDomainTakenByOther,
  deleteCustomDomain,
  insertCustomDomain,
  lockOrderCustomDomain,
} from "./custom-domains-table.ts";
import { sendCheck } from "./domain-check-queue.ts";

/**
 * Records a custom-domain request on the order (one at a time; a blocked one may be replaced),
 * then tells the agency and the customer. A domain the customer owns is checked at once; one to
 * buy waits for the agency to mark it bought. The writes commit together; the e-mails and the
 * first check are queued once they have.
 */
export async function requestCustomDomain(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets">,
  order: Order,
  request: { hasOwnDomain: boolean; domainName: string; message: string },
): Promise<void> {
  const base = ctx.config.BASE_DOMAIN.toLowerCase();
  if (request.domainName === base || request.domainName.endsWith(`.${base}`)) {
    throw badRequest(DOMAIN_MESSAGES.platformDomain);
  }
  const now = new Date();
  const domainId = await ctx.db.transaction(async (tx) => {
    const current = await lockOrderCustomDomain(tx, order.id);
    if (current && current.state !== "failed") throw conflict(DOMAIN_MESSAGES.alreadyRequested);
    if (await customDomainTakenByOther(tx, request.domainName, order.id))
      throw conflict(DOMAIN_MESSAGES.domainTaken);
    if (current) await deleteCustomDomain(tx, current.id);
    const createdId = await insertCustomDomain(tx, {
      orderId: order.id,
      domain: request.domainName,
      hasOwnDomain: request.hasOwnDomain,
      state: request.hasOwnDomain ? "dns_pending" : "requested",
      nextCheckAt: request.hasOwnDomain ? now : null,
    });
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
    return createdId;
  });
  if (domainId !== undefined && request.hasOwnDomain) await sendCheck(ctx, domainId, now);
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
