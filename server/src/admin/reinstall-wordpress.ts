import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";
import { badRequest, notFound } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { setStep } from "../orders/set-step.ts";
import { siteIdentity } from "../provisioning/site-identity.ts";

/**
 * Wipes the customer's WordPress and installs it afresh with new credentials, then e-mails the
 * customer. Koza's content goes with it, so a bought Koza is back to 'pending'.
 */
export async function reinstallWordpress(ctx: Context, orderId: string): Promise<void> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  if (order.status === "pending" || order.status === "processing") {
    throw badRequest("Le site est en cours de création : attendez la fin avant de le réinstaller.");
  }
  const started = performance.now();
  try {
    const site = await ctx.wordpress.reinstall(siteIdentity(ctx, order));
    await ctx.db
      .update(orders)
      .set({
        status: "active",
        activatedAt: order.activatedAt ?? new Date(),
        wpAdminUrl: site.adminUrl,
        wpUsername: site.adminUser,
        wpPasswordEnc: ctx.secrets.seal(site.adminPassword),
        wpAppPasswordEnc: ctx.secrets.seal(site.appPassword),
        kozaStatus: order.kozaOption ? "pending" : null,
      })
      .where(eq(orders.id, orderId));
    await setStep(ctx.db, orderId, "wordpress", "completed");
    await addOrderLog(ctx.db, orderId, {
      level: "info",
      action: "reinstall",
      details: `WordPress réinstallé par un administrateur (${Math.round(performance.now() - started)} ms).`,
    });
  } catch (err) {
    await addOrderLog(ctx.db, orderId, {
      level: "error",
      action: "reinstall",
      details: `Échec de la réinstallation : ${(err as Error).message}`,
    });
    throw err;
  }
  const [fresh] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!fresh) return;
  await queueEmail(ctx, {
    template: "wordpress_reinstalled",
    to: fresh.customerEmail,
    orderId,
    vars: {
      customer_name: fresh.customerName,
      site_url: ctx.wordpress.siteUrl(fresh.subdomain),
      wp_admin_url: fresh.wpAdminUrl ?? "",
      wp_username: fresh.wpUsername ?? "",
      magic_link: magicLinkUrl(ctx, fresh),
    },
  });
}
