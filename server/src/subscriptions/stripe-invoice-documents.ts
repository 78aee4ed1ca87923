import { computeTotals } from "@lagon/contracts/money";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { formatEuros, planLineLabel } from "@lagon/contracts/pricing";
import { formatRate } from "@lagon/contracts/tax";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { bySessionId } from "../checkout/checkout-session-id.ts";
import type { Context } from "../context.ts";
import { checkoutSessions, invoices, type Order } from "../db/schema.ts";
import type { InvoiceContent } from "../invoices/invoice-content.ts";
import {
  type InvoiceLineInput,
  type IssuedInvoice,
  issueCreditNote,
  issueInvoice,
} from "../invoices/issue-invoice.ts";
import {
  invoicePeriod,
  issuedFor,
  lineCharging,
  orderTaxRule,
  prorationLabel,
} from "../invoices/subscription-invoice.ts";
import { findOrder } from "../orders/orders-table.ts";
import { alertAgencyOnce } from "./payment-alert.ts";
import { fromUnix, invoiceSubscriptionId, orderOfStripeSubscription, planOfPrice } from "./stripe-billing.ts";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const discountOf = (line: Stripe.InvoiceLineItem) => sum((line.discount_amounts ?? []).map((d) => d.amount));
const priceOf = (line: Stripe.InvoiceLineItem) => idOf(line.pricing?.price_details?.price);

/**
 * Our invoice of a paid Stripe invoice of the subscription after its first one (which the
 * checkout invoiced): a renewal, or an upgrade's proration. Once per Stripe invoice
 * (`stripe-invoice:<id>`), however often Stripe's events come and the reconciliation passes.
 * A renewal bills Stripe's lines (our plan labels, Stripe's discounts); a proration is one line,
 * the HT difference Stripe charged. Stripe taxes line by line and we once per rate (EN 16931):
 * should the two differ by a cent, the line is the HT amount whose TTC is what was paid, so the
 * invoice always states the money collected. A failure alerts the agency (once) and is thrown
 * again, so that Stripe's retry or the next reconciliation issues it.
 */
export async function invoiceStripePayment(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "payments" | "log">,
  order: Order,
  invoice: Stripe.Invoice,
  kind: "renewal" | "proration",
): Promise<IssuedInvoice | undefined> {
  if (invoice.status !== "paid") return undefined;
  const sourceRef = `stripe-invoice:${invoice.id}`;
  const done = await issuedFor(ctx, sourceRef);
  if (done) return done;
  try {
    const rule = orderTaxRule(ctx, order);
    const lines = invoice.lines.data;
    // The line of the plan billed: a renewal's plan, or what an upgrade's proration moves to
    // (its dearest line: the new plan's remaining time, the old one's unused time is negative).
    const main =
      kind === "proration"
        ? [...lines].sort((a, b) => b.amount - a.amount)[0]
        : (lines.find((l) => l.parent?.subscription_item_details?.proration === false) ?? lines[0]);
    if (!main) throw new Error("la facture Stripe n'a aucune ligne");
    const plan = (planOfPrice(ctx, priceOf(main)) ?? order.planId) as PlanId;
    const start = fromUnix(main.period.start);
    const end = fromUnix(main.period.end);
    const label = kind === "proration" ? prorationLabel(plan, start, end) : planLineLabel(plan);
    const stripeLines: InvoiceLineInput[] =
      kind === "proration"
        ? [{ label, quantity: 1, unitCents: sum(lines.map((l) => l.amount - discountOf(l))) }]
        : lines.map((l) => {
            const linePlan = planOfPrice(ctx, priceOf(l));
            return {
              label: linePlan ? planLineLabel(linePlan) : (l.description ?? planById(plan).name),
              quantity: 1,
              unitCents: l.amount,
              discountCents: discountOf(l),
            };
          });
    const charged = invoice.amount_paid;
    const ttc = computeTotals(stripeLines.map((l) => ({ ...l, vatRateBasisPoints: rule.rateBasisPoints })));
    const fitted =
      ttc.totalCents === charged ? stripeLines : [lineCharging(label, charged, rule.rateBasisPoints)];
    if (!fitted.every(Boolean))
      throw new Error(
        `aucun montant HT entier ne donne les ${formatEuros(charged)} encaissés à ${formatRate(rule.rateBasisPoints)}`,
      );
    return await issueInvoice(ctx, {
      orderId: order.id,
      kind,
      sourceRef,
      lines: fitted as InvoiceLineInput[],
      paidAt: invoice.status_transitions.paid_at ? fromUnix(invoice.status_transitions.paid_at) : new Date(),
      paymentMethod: ctx.payments.paymentMethodLabel,
      period: invoicePeriod(start, end),
      chargedCents: charged,
      taxRuleId: rule.id,
    });
  } catch (err) {
    ctx.log.error(
      { err, orderId: order.id, stripeInvoice: invoice.id },
      "invoice of a Stripe payment not issued",
    );
    await alertAgencyOnce(ctx, `invoice-not-issued:${invoice.id}`, order, {
      alert: "Facture non émise",
      detail: `Le paiement de la facture Stripe ${invoice.number ?? invoice.id} (${formatEuros(invoice.amount_paid)}) est encaissé mais notre facture n'a pas pu être établie (${err instanceof Error ? err.message : String(err)}). Une nouvelle tentative aura lieu au prochain événement Stripe ou au rattrapage quotidien.`,
    });
    throw err;
  }
}

/**
 * A refunded charge: one credit note (avoir) per succeeded refund, naming the invoice of the
 * payment refunded, once per refund (`stripe-refund:<id>`). A refund of the whole amount credits
 * every line; a partial one is one line whose TTC is the amount refunded.
 */
export async function creditStripeRefunds(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "payments" | "log">,
  stripe: Stripe,
  charge: Stripe.Charge,
): Promise<number> {
  const refunds = (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data.filter(
    (r) => r.status === "succeeded",
  );
  const pending: Stripe.Refund[] = [];
  for (const refund of refunds) {
    if (!(await issuedFor(ctx, `stripe-refund:${refund.id}`))) pending.push(refund);
  }
  if (pending.length === 0) return 0;
  const paid = await invoiceOfCharge(ctx, stripe, charge);
  if (!paid) {
    ctx.log.warn({ charge: charge.id }, "stripe: a refunded charge with no invoice of ours");
    return 0;
  }
  const order = await findOrder(ctx.db, paid.orderId);
  const rate = (paid.content as InvoiceContent).taxRule.rateBasisPoints;
  let issued = 0;
  for (const refund of pending) {
    try {
      const whole = refund.amount === paid.totalCents;
      const line = whole
        ? undefined
        : lineCharging(`Remboursement partiel de la facture n° ${paid.number}`, refund.amount, rate);
      if (!whole && !line)
        throw new Error(
          `aucun montant HT entier ne donne les ${formatEuros(refund.amount)} remboursés à ${formatRate(rate)}`,
        );
      const note = await issueCreditNote(ctx, {
        invoiceNumber: paid.number,
        sourceRef: `stripe-refund:${refund.id}`,
        lines: line ? [line] : undefined,
        refundedAt: fromUnix(refund.created),
        paymentMethod: ctx.payments.paymentMethodLabel,
        refundedCents: refund.amount,
      });
      if (note.created) issued++;
    } catch (err) {
      ctx.log.error({ err, refund: refund.id }, "credit note of a Stripe refund not issued");
      await alertAgencyOnce(ctx, `credit-note-not-issued:${refund.id}`, order, {
        alert: "Avoir non émis",
        detail: `Le remboursement ${refund.id} de la facture n° ${paid.number} n'a pas pu donner lieu à un avoir (${err instanceof Error ? err.message : String(err)}). Établissez-le ou corrigez la cause ; Stripe renverra l'événement.`,
      });
      throw err;
    }
  }
  return issued;
}

/**
 * Our invoice of the payment a charge made: the Stripe invoice it paid (the subscription's first
 * one is the checkout's invoice), or else the Checkout Session it paid (Koza bought alone). A
 * charge of ours whose invoice is not issued yet throws, so that Stripe's retry comes after it.
 */
async function invoiceOfCharge(ctx: Pick<Context, "db">, stripe: Stripe, charge: Stripe.Charge) {
  const intent = idOf(charge.payment_intent);
  if (!intent) return undefined;
  let sourceRef: string | undefined;
  const payments = await stripe.invoicePayments.list({
    payment: { type: "payment_intent", payment_intent: intent },
    limit: 1,
  });
  const stripeInvoiceId = idOf(payments.data[0]?.invoice);
  if (stripeInvoiceId) {
    const stripeInvoice = await stripe.invoices.retrieve(stripeInvoiceId);
    if (stripeInvoice.billing_reason === "subscription_create") {
      const order = await orderOfStripeSubscription(ctx, invoiceSubscriptionId(stripeInvoice));
      sourceRef = order?.checkoutSessionId ? `checkout:${order.checkoutSessionId}` : undefined;
    } else {
      sourceRef = `stripe-invoice:${stripeInvoiceId}`;
    }
  } else {
    const session = (await stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 })).data[0];
    const [row] = session
      ? await ctx.db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(bySessionId(session.id))
      : [];
    sourceRef = row ? `checkout:${row.id}` : undefined;
  }
  if (!sourceRef) return undefined;
  const [found] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.sourceRef, sourceRef), eq(invoices.kind, "invoice")));
  if (!found) throw new Error(`the invoice of ${sourceRef} is not issued yet; its refund waits for it`);
  return found;
}
