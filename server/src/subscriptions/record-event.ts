import { formatDate } from "@lagon/contracts/french-date";
import type { LogLevel } from "@lagon/contracts/orders";
import { formatEuros } from "@lagon/contracts/pricing";
import { insertAdminAudit } from "../admin/admin-audit-table.ts";
import type { Context } from "../context.ts";
import type { Order, Subscription } from "../db/schema.ts";
import type { TemplateName } from "../mail/default-templates.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkToken, magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { planName } from "../orders/order-view.ts";
import { getSite } from "../sites/sites-table.ts";
import { billingNow } from "./billing-clock.ts";

/** Who made a change: the lifecycle itself, the customer, or an admin (their address). */
export type Actor = { kind: "system" } | { kind: "customer"; ip: string } | { kind: "admin"; ip: string };
export const SYSTEM: Actor = { kind: "system" };

/** "le 10 avril 2026" style dates of the e-mails and logs (La Réunion's calendar). */
export const day = (d: Date | null | undefined) => (d ? formatDate(d) : "");

/** A link that opens the card page straight away (Stripe's portal, or the local one). */
export function updateCardLink(ctx: Pick<Context, "config" | "secrets">, order: Order): string {
  const token = encodeURIComponent(magicLinkToken(ctx, order));
  return `${ctx.config.PUBLIC_URL}/api/order/${order.id}/billing-portal/open?token=${token}`;
}

/** The variables every subscription e-mail offers (mail/subscription-templates.ts). */
export async function siteVars(
  ctx: Pick<Context, "config" | "secrets" | "wordpress" | "db">,
  order: Order,
  sub: Subscription,
): Promise<Record<string, string>> {
  const site = await getSite(ctx.db, order.id);
  const siteUrl = ctx.wordpress.siteUrl(order.subdomain, site);
  return {
    customer_name: order.customerName,
    site_url: siteUrl,
    plan_name: planName({ planId: sub.planId }),
    amount: formatEuros(sub.amountTtcCents),
    magic_link: magicLinkUrl(ctx, order),
    update_card_link: updateCardLink(ctx, order),
    wp_admin_url: site.wpAdminUrl ?? `${siteUrl}/wp-admin/`,
  };
}

/**
 * Writes one step of a subscription's life everywhere it belongs: the order's logs (what the
 * admin reads on the order), the admin audit log (who did it), and the customer's e-mail.
 */
export async function recordSubscriptionEvent(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "payments" | "wordpress">,
  order: Order,
  sub: Subscription,
  entry: {
    action: string;
    details: string;
    level?: LogLevel;
    actor?: Actor;
    email?: { template: TemplateName; vars?: Record<string, string> };
  },
): Promise<void> {
  const actor = entry.actor ?? SYSTEM;
  await addOrderLog(ctx.db, order.id, {
    level: entry.level ?? "info",
    action: entry.action,
    details: entry.details,
    at: await billingNow(ctx),
  });
  await insertAdminAudit(ctx.db, {
    ip: actor.kind === "system" ? "système" : actor.ip,
    action: entry.action,
    orderId: order.id,
    details: `${actor.kind === "system" ? "cycle de vie" : actor.kind === "admin" ? "admin" : "client"} — ${entry.details}`,
  });
  if (entry.email) {
    await queueEmail(ctx, {
      template: entry.email.template,
      to: order.customerEmail,
      orderId: order.id,
      vars: { ...(await siteVars(ctx, order, sub)), ...entry.email.vars },
    });
  }
}
