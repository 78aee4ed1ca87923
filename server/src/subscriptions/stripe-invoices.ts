import { randomUUID } from "node:crypto";
import { formatEuros } from "@lagon/contracts/pricing";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import type { Order, Subscription, SubscriptionInvoice } from "../db/schema.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { invoiceFailed, invoicePaid } from "./payment-outcomes.ts";
import { fromUnix, invoiceSubscriptionId, planOfPrice } from "./stripe-billing.ts";
import { invoiceStripePayment } from "./stripe-invoice-documents.ts";
import {
  findInvoiceOfProvider,
  insertSubscriptionInvoiceOnce,
  linkProviderInvoice,
  voidOpenInvoice,
} from "./subscription-invoices-table.ts";
import { loadSubscription } from "./subscription-view.ts";

/** Re-reads an invoice from Stripe with what tells a declined card from a 3-D Secure request. */
export function retrieveInvoice(stripe: Stripe, id: string): Promise<Stripe.Invoice> {
  return stripe.invoices.retrieve(id, { expand: ["payments.data.payment.payment_intent"] });
}

/**
 * Brings our copy of a Stripe invoice of the order's subscription to what Stripe says, and the
 * subscription with it: paid (renewed, or reactivated if it was late; our invoice of the payment
 * issued, stripe-invoice-documents.ts), a new failed attempt
 * (past due, one e-mail per attempt: a card to change, or a payment to confirm with 3-D Secure),
 * or voided. Answers what changed, in French, for the reconciliation's log.
 */
export async function applyStripeInvoice(
  ctx: Context,
  order: Order,
  invoice: Stripe.Invoice,
  now: Date,
): Promise<string[]> {
  if (invoiceSubscriptionId(invoice) !== order.stripeSubscriptionId) return [];
  if (
    invoice.status !== "paid" &&
    invoice.status !== "open" &&
    invoice.status !== "void" &&
    invoice.status !== "uncollectible"
  )
    return [];
  const sub = await loadSubscription(ctx, order.id);
  if (!sub) return [];
  const row = await ourInvoice(ctx, order, sub, invoice);
  if (invoice.status === "paid" && row) {
    const label = `Facture Stripe ${invoice.number ?? invoice.id} (${formatEuros(row.amountTtcCents)})`;
    const after = row.status === "open" ? await invoicePaid(ctx, order, sub, row, now) : sub;
    // Every payment after the first (the checkout's) gets our invoice, once; again until it is.
    if (row.kind !== "first") await invoiceStripePayment(ctx, order, invoice, row.kind);
    return after === sub ? [] : [`${label} payée`];
  }
  if (row?.status !== "open") return [];
  const label = `Facture Stripe ${invoice.number ?? invoice.id} (${formatEuros(row.amountTtcCents)})`;

  if (invoice.status === "open") {
    if (!invoice.attempted || invoice.attempt_count <= row.attempts) return [];
    const intent = paymentIntentOf(invoice);
    const needsAction = intent?.status === "requires_action" && Boolean(invoice.hosted_invoice_url);
    const code = intent?.last_payment_error?.decline_code ?? intent?.last_payment_error?.code;
    const reason = needsAction
      ? "la banque demande une authentification 3-D Secure"
      : `carte refusée${code ? ` (${code})` : ""}`;
    const after = await invoiceFailed(ctx, order, sub, row, now, reason, undefined, {
      attempt: invoice.attempt_count,
      nextAttemptAt: invoice.next_payment_attempt ? fromUnix(invoice.next_payment_attempt) : null,
      actionUrl: needsAction ? (invoice.hosted_invoice_url ?? undefined) : undefined,
    });
    return after === sub ? [] : [`${label} : tentative ${invoice.attempt_count} échouée (${reason})`];
  }
  const voided = await voidOpenInvoice(ctx.db, row.id);
  if (!voided) return [];
  const what = invoice.status === "void" ? "annulée" : "passée en irrécouvrable";
  await addOrderLog(ctx.db, order.id, {
    level: "warning",
    action: "subscription-invoice",
    details: `${label} ${what} chez Stripe.`,
  });
  return [`${label} ${what}`];
}

/** The PaymentIntent of the invoice's latest payment, when Stripe gave it (expanded). */
function paymentIntentOf(invoice: Stripe.Invoice): Stripe.PaymentIntent | undefined {
  const payments = invoice.payments?.data ?? [];
  const latest = [...payments].sort((a, b) => b.created - a.created)[0];
  const intent = latest?.payment.payment_intent;
  return intent && typeof intent !== "string" ? intent : undefined;
}

/**
 * Our row of a Stripe invoice, made the first time we hear of it (open: the outcome is then
 * applied like any other). The checkout's own invoice is the order's first row, already paid.
 */
async function ourInvoice(
  ctx: Pick<Context, "config" | "db">,
  order: Order,
  sub: Subscription,
  invoice: Stripe.Invoice,
): Promise<SubscriptionInvoice | undefined> {
  const byProviderId = () => findInvoiceOfProvider(ctx.db, invoice.id);
  const known = await byProviderId();
  if (known) return known;
  const kind =
    invoice.billing_reason === "subscription_create"
      ? "first"
      : invoice.billing_reason === "subscription_update"
        ? "proration"
        : "renewal";
  if (kind === "first")
    return (await linkProviderInvoice(ctx.db, order.id, "first", invoice.id))[0] ?? (await byProviderId());

  const lines = invoice.lines.data;
  const line = lines.find((l) => l.parent?.subscription_item_details?.proration === false) ?? lines[0];
  const price = line?.pricing?.price_details?.price;
  const periodStart = fromUnix(line?.period.start ?? invoice.period_start);
  const inserted = await insertSubscriptionInvoiceOnce(ctx.db, {
    id: randomUUID(),
    orderId: order.id,
    kind,
    planId: planOfPrice(ctx, typeof price === "string" ? price : price?.id) ?? sub.planId,
    amountTtcCents: invoice.total,
    periodStart,
    periodEnd: fromUnix(line?.period.end ?? invoice.period_end),
    status: "open",
    providerInvoiceId: invoice.id,
  });
  if (inserted) return inserted;
  // Another delivery made it first, or a row of the same period exists without Stripe's id.
  return (
    (await byProviderId()) ?? (await linkProviderInvoice(ctx.db, order.id, kind, invoice.id, periodStart))[0]
  );
}
