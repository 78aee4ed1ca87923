import { planById } from "@lagon/contracts/plans";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions, coupons, orders } from "../db/schema.ts";
import { createPaidOrder } from "../orders/create-paid-order.ts";
import { addOrderLog } from "../orders/order-log.ts";
import type { OrderCheckoutPayload } from "./create-checkout-session.ts";

/**
 * The one fulfilment of a payment, called by the webhook, the local test checkout and the
 * success page's poll: it re-reads the truth from the provider and, once paid, creates the order
 * exactly once (or adds Koza to it), however many times and however concurrently it is called.
 */
export async function fulfilCheckout(ctx: Context, providerSessionId: string): Promise<{ orderId?: string }> {
  const [row] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  if (!row) return {};
  if (row.status === "completed" && row.orderId && row.kind === "order") return { orderId: row.orderId };

  const truth = await ctx.payments.retrieveCheckout(providerSessionId);
  if (truth.reference && truth.reference !== row.id) {
    throw new Error(`checkout ${providerSessionId} belongs to another reservation`);
  }
  if (!truth.paid) {
    if (truth.expired) await expireCheckout(ctx, providerSessionId);
    return {};
  }
  return row.kind === "koza"
    ? fulfilKoza(ctx, row.id, row.orderId as string)
    : fulfilOrder(ctx, row, truth.customerId, truth.subscriptionId);
}

async function fulfilOrder(
  ctx: Context,
  row: typeof checkoutSessions.$inferSelect,
  customerId?: string,
  subscriptionId?: string,
): Promise<{ orderId: string }> {
  const { planId, subdomain, customer } = row.payload as OrderCheckoutPayload;
  const { orderId, created } = await createPaidOrder(ctx, {
    checkoutSessionId: row.id,
    planId,
    subdomain: await freeSubdomainFor(ctx, subdomain, row.id),
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone || null,
    companyName: customer.company_name || null,
    address: customer.address || null,
    postalCode: customer.postal_code || null,
    city: customer.city || null,
    country: customer.country,
    siret: customer.siret || null,
    companyType: customer.company_type || null,
    category: customer.directory_opt_in ? (customer.category ?? "Autre") : null,
    directoryOptIn: customer.directory_opt_in,
    kozaOption: row.kozaOption,
    monthlyPriceCents: planById(planId).price * 100,
    discountPercent: row.percentOff,
    couponCode: row.couponCode,
    stripeCustomerId: customerId ?? null,
    stripeSubscriptionId: subscriptionId ?? null,
  });
  if (created && row.couponCode) {
    await ctx.db
      .update(coupons)
      .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
      .where(eq(coupons.code, row.couponCode));
  }
  await ctx.db
    .update(checkoutSessions)
    .set({ status: "completed", orderId })
    .where(eq(checkoutSessions.id, row.id));
  return { orderId };
}

/**
 * The subdomain was held during checkout, so it is free; should it have been taken anyway, the
 * paid order still gets a site, under a suffixed name, and the logs say so.
 */
async function freeSubdomainFor(ctx: Context, subdomain: string, checkoutId: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? subdomain : `${subdomain.slice(0, 59)}-${n}`;
    const [other] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.subdomain, candidate), ne(orders.checkoutSessionId, checkoutId)));
    if (!other) {
      if (n > 1) ctx.log.warn({ subdomain, candidate }, "paid order got a suffixed subdomain");
      return candidate;
    }
  }
}

async function fulfilKoza(ctx: Context, checkoutId: string, orderId: string): Promise<{ orderId: string }> {
  const added = await ctx.db
    .update(orders)
    .set({ kozaOption: true, kozaStatus: "pending" })
    .where(and(eq(orders.id, orderId), eq(orders.kozaOption, false)))
    .returning({ id: orders.id });
  if (added.length > 0) {
    await addOrderLog(ctx.db, orderId, { level: "info", action: "koza", details: "Option Koza payée." });
  }
  await ctx.db
    .update(checkoutSessions)
    .set({ status: "completed" })
    .where(eq(checkoutSessions.id, checkoutId));
  return { orderId };
}

/** An abandoned checkout frees its subdomain. */
export async function expireCheckout(ctx: Context, providerSessionId: string): Promise<void> {
  await ctx.db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(
      and(eq(checkoutSessions.providerSessionId, providerSessionId), eq(checkoutSessions.status, "open")),
    );
}
