import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { setStep } from "../orders/set-step.ts";
import { provisionOrderJob } from "../provisioning/provision-order-job.ts";
import { siteIdentity } from "../provisioning/site-identity.ts";

/** Long enough for a reinstall over SSH; released as soon as it ends. */
const LEASE_MINUTES = 10;

/**
 * Wipes the customer's WordPress and installs it afresh with new credentials. The order's
 * provisioning lease is held meanwhile, so no worker and no second reinstall touch the site.
 * Koza's content goes with the old site, so a bought Koza is back to 'pending'. An order in
 * error whose welcome e-mail was never sent goes back to provisioning, which sends it;
 * otherwise the customer gets the 'reinstalled' e-mail.
 */
export async function reinstallWordpress(ctx: Context, orderId: string): Promise<void> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  if (order.status === "pending" || order.status === "processing") {
    throw badRequest(ADMIN_MESSAGES.reinstallWhileProvisioning);
  }
  if (order.steps.subdomain?.status !== "completed")
    throw badRequest(ADMIN_MESSAGES.reinstallBeforeSubdomain);
  if (order.kozaStatus === "processing") throw badRequest(ADMIN_MESSAGES.reinstallWhileKoza);
  const claimed = await ctx.db
    .update(orders)
    .set({ provisioningLeaseUntil: sql`now() + make_interval(mins => ${LEASE_MINUTES})` })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, ["active", "error"]),
        or(isNull(orders.provisioningLeaseUntil), lt(orders.provisioningLeaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length === 0) throw conflict(ADMIN_MESSAGES.operationInProgress);

  const welcomePending = order.steps.email?.status !== "completed";
  const started = performance.now();
  try {
    const site = await ctx.wordpress.reinstall(siteIdentity(ctx, order));
    await ctx.db
      .update(orders)
      .set({
        status: welcomePending ? "processing" : "active",
        activatedAt: welcomePending ? order.activatedAt : (order.activatedAt ?? new Date()),
        wpAdminUrl: site.adminUrl,
        wpUsername: site.adminUser,
        wpPasswordEnc: ctx.secrets.seal(site.adminPassword),
        wpAppPasswordEnc: ctx.secrets.seal(site.appPassword),
        kozaStatus: order.kozaOption ? "pending" : null,
        provisioningLeaseUntil: null,
      })
      .where(eq(orders.id, orderId));
    await setStep(ctx.db, orderId, "wordpress", "completed");
    await addOrderLog(ctx.db, orderId, {
      level: "info",
      action: "reinstall",
      details: `WordPress réinstallé par un administrateur (${Math.round(performance.now() - started)} ms).`,
    });
  } catch (err) {
    await ctx.db.update(orders).set({ provisioningLeaseUntil: null }).where(eq(orders.id, orderId));
    await addOrderLog(ctx.db, orderId, {
      level: "error",
      action: "reinstall",
      details: `Échec de la réinstallation : ${(err as Error).message}`,
    });
    // The cause is in the order's logs; the client gets a French summary, not internals.
    throw new AppError(502, ADMIN_MESSAGES.reinstallSeeLogs);
  }

  if (welcomePending) {
    await ctx.queue.send(provisionOrderJob, { orderId });
    return;
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
