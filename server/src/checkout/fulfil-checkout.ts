import { DEFAULT_CATEGORY } from "@lagon/contracts/checkout";
import { planById } from "@lagon/contracts/plans";
import type { Context } from "../context.ts";
import { countCouponUse } from "../coupons/coupons-table.ts";
import { type CheckoutSession, checkoutSessions } from "../db/schema.ts";
import { issueCheckoutInvoice } from "../invoices/issue-checkout-invoice.ts";
import { createPaidOrder } from "../orders/create-paid-order.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { addKozaOption, findOrderOfCheckout, siteNameTaken } from "../orders/orders-table.ts";
import type { CheckoutTruth } from "../payments/payment-provider.ts";
import { updateSite } from "../sites/sites-table.ts";
import { bySessionId } from "./checkout-session-id.ts";
import {
  completeCheckoutOnce,
  expireOpenCheckoutOfSession,
  markCheckoutCompleted,
} from "./checkout-sessions-table.ts";
import type { OrderCheckoutPayload } from "./create-checkout-session.ts";

/**
 * The one fulfilment of a payment, called by the webhook, the local test checkout and the
 * success page's poll: it re-reads the truth from the provider and, once paid, creates the order
 * exactly once (or adds Koza to it), however many times and however concurrently it is called.
 */
export async function fulfilCheckout(ctx: Context, providerSessionId: string): Promise<{ orderId?: string }> {
  const [row] = await ctx.db.select().from(checkoutSessions).where(bySessionId(providerSessionId));
  if (!row) return {};
  if (row.status === "completed" && row.orderId && row.kind === "order") return { orderId: row.orderId };

  const truth = await ctx.payments.retrieveCheckout(providerSessionId);
  if (truth.reference && truth.reference !== row.id) {
    throw new Error(`checkout ${row.id} is paid by a session of another reservation`);
  }
  if (!truth.paid) {
    if (truth.expired) await expireCheckout(ctx, providerSessionId);
    return {};
  }
  return row.kind === "koza" ? fulfilKoza(ctx, row, truth) : fulfilOrder(ctx, row, truth);
}

async function fulfilOrder(
  ctx: Context,
  row: CheckoutSession,
  truth: CheckoutTruth,
): Promise<{ orderId: string }> {
  const { customerId, subscriptionId } = truth;
  const { planId, subdomain: wanted, customer, immediateStartAt } = row.payload as OrderCheckoutPayload;
  const order = {
    checkoutSessionId: row.id,
    planId,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone || null,
    companyName: customer.company_name || null,
    address: customer.address || null,
    postalCode: customer.postal_code || null,
    city: customer.city || null,
    country: customer.country,
    siret: customer.siret || null,
    vatNumber: customer.vat_number || null,
    immediateStartAt: immediateStartAt ? new Date(immediateStartAt) : null,
    companyType: customer.company_type || null,
    category: customer.directory_opt_in ? (customer.category ?? DEFAULT_CATEGORY) : null,
    directoryOptIn: customer.directory_opt_in,
    kozaOption: row.kozaOption,
    monthlyPriceCents: planById(planId).priceCents,
    discountPercent: row.percentOff,
    couponCode: row.couponCode,
    stripeCustomerId: customerId ?? null,
    stripeSubscriptionId: subscriptionId ?? null,
  };
  let placed: { orderId: string; created: boolean; subdomain: string } | undefined;
  for (let attempt = 1; !placed; attempt++) {
    const subdomain = await freeSubdomainFor(ctx, wanted, row.id);
    try {
      placed = {
        ...(await createPaidOrder(ctx, { ...order, subdomain }, { testCard: row.testCard })),
        subdomain,
      };
    } catch (err) {
      // Another delivery of this payment inserted the order first (caught by the subdomain's
      // unique index rather than the checkout's), or someone took the name meanwhile: look again.
      if (!isUniqueViolation(err) || attempt === 5) throw err;
      const existing = await findOrderOfCheckout(ctx.db, row.id);
      if (existing) placed = { orderId: existing.id, created: false, subdomain: existing.subdomain };
    }
  }
  const { orderId, created, subdomain } = placed;
  if (subscriptionId) await ctx.payments.linkSubscription(ctx, orderId);
  if (created && subdomain !== wanted) {
    ctx.log.warn({ orderId, wanted, subdomain }, "paid order got a suffixed subdomain");
    await addOrderLog(ctx.db, orderId, {
      level: "warning",
      action: "subdomain",
      details: `Le sous-domaine « ${wanted} » a été pris pendant le paiement : le site est créé sur « ${subdomain} ».`,
    });
  }
  // Before the checkout turns completed: a failure here is retried by the next delivery.
  await issueCheckoutInvoice(ctx, row, orderId, truth);
  // The checkout turns completed once, and the coupon's use is counted in that same step.
  await ctx.db.transaction(async (tx) => {
    const completed = await completeCheckoutOnce(tx, row.id, orderId);
    const code = completed?.couponCode;
    if (code) await countCouponUse(tx, code);
  });
  return { orderId };
}

/**
 * The subdomain was held during checkout, so it is normally free; should it have been taken
 * anyway, the paid order still gets a site, under a suffixed name.
 */
async function freeSubdomainFor(
  ctx: Pick<Context, "db">,
  subdomain: string,
  checkoutId: string,
): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? subdomain : `${subdomain.slice(0, 59)}-${n}`;
    if (!(await siteNameTaken(ctx.db, candidate, checkoutId))) return candidate;
  }
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return code(err) === "23505" || code((err as { cause?: unknown } | undefined)?.cause) === "23505";
}

async function fulfilKoza(
  ctx: Pick<Context, "config" | "db" | "payments" | "log">,
  row: CheckoutSession,
  truth: CheckoutTruth,
): Promise<{ orderId: string }> {
  const orderId = row.orderId as string;
  const added = await ctx.db.transaction(async (tx) => {
    const added = await addKozaOption(tx, orderId);
    if (added) await updateSite(tx, orderId, { kozaStatus: "pending" });
    return added;
  });
  if (added) {
    await addOrderLog(ctx.db, orderId, { level: "info", action: "koza", details: "Option Koza payée." });
  }
  await issueCheckoutInvoice(ctx, row, orderId, truth);
  await markCheckoutCompleted(ctx.db, row.id);
  return { orderId };
}

/** An abandoned checkout frees its subdomain. */
export async function expireCheckout(ctx: Pick<Context, "db">, providerSessionId: string): Promise<void> {
  await expireOpenCheckoutOfSession(ctx.db, providerSessionId);
}
