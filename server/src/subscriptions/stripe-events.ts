import { formatEuros } from "@lagon/contracts/pricing";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { latestOrderOfStripeCustomer } from "../orders/orders-table.ts";
import { alertAgencyOnce } from "./payment-alert.ts";
import { day } from "./record-event.ts";
import { fromUnix, invoiceSubscriptionId, orderOfStripeSubscription } from "./stripe-billing.ts";
import { creditStripeRefunds } from "./stripe-invoice-documents.ts";
import { retrieveInvoice } from "./stripe-invoices.ts";
import { syncStripeSubscription } from "./stripe-sync.ts";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/**
 * A verified subscription event. It only says where to look: the invoice, subscription, charge
 * or dispute is read again from Stripe and our copy brought to it (stripe-sync.ts). Events about
 * subscriptions that are not ours (or not yet: checkout links them) change nothing.
 */
export async function handleSubscriptionEvent(ctx: Context, event: Stripe.Event): Promise<void> {
  const stripe = ctx.payments.stripe;
  if (!stripe) return;
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_failed":
    case "invoice.payment_action_required": {
      const invoiceId = event.data.object.id;
      if (!invoiceId) return;
      const invoice = await retrieveInvoice(stripe, invoiceId);
      const order = await orderOfStripeSubscription(ctx, invoiceSubscriptionId(invoice));
      if (order) await syncStripeSubscription(ctx, stripe, order, invoice.id);
      return;
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const order = await orderOfStripeSubscription(ctx, event.data.object.id);
      if (order) await syncStripeSubscription(ctx, stripe, order);
      return;
    }
    case "charge.refunded": {
      const charge = await stripe.charges.retrieve(event.data.object.id);
      await chargeRefunded(ctx, charge);
      await creditStripeRefunds(ctx, stripe, charge);
      return;
    }
    case "charge.dispute.created": {
      const dispute = await stripe.disputes.retrieve(event.data.object.id);
      const chargeId = idOf(dispute.charge);
      if (chargeId) await disputeOpened(ctx, dispute, await stripe.charges.retrieve(chargeId));
      return;
    }
  }
}

/** The order a charge paid for: the latest order of its Stripe customer (one per checkout). */
async function orderOfCharge(ctx: Pick<Context, "db">, charge: Stripe.Charge): Promise<Order | undefined> {
  const customer = idOf(charge.customer);
  if (!customer) return undefined;
  return latestOrderOfStripeCustomer(ctx.db, customer);
}

/**
 * A refund, made by the agency in Stripe's dashboard. It changes no subscription: a refund is
 * often a gesture (a day of downtime), and ending the service is the agency's decision, one click
 * in the admin (docs/decisions/0030-stripe-subscription-events.md). It is logged and the agency
 * told, once per refunded total; each refund gets its credit note (creditStripeRefunds).
 */
async function chargeRefunded(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "log">,
  charge: Stripe.Charge,
): Promise<void> {
  if (charge.amount_refunded <= 0) return;
  const order = await orderOfCharge(ctx, charge);
  const full = charge.amount_refunded >= charge.amount;
  await alertAgencyOnce(ctx, `refund:${charge.id}:${charge.amount_refunded}`, order, {
    alert: full ? "Paiement remboursé" : "Paiement remboursé en partie",
    detail: `Stripe a remboursé ${formatEuros(charge.amount_refunded)} sur le paiement ${charge.id} de ${formatEuros(charge.amount)}${full ? " (en totalité)" : ""}. L'abonnement continue : suspendez-le ou résiliez-le depuis l'administration si le remboursement y met fin.`,
  });
}

/** A dispute (chargeback): logged and the agency alerted at once, to answer it within Stripe's delay. */
async function disputeOpened(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "log">,
  dispute: Stripe.Dispute,
  charge: Stripe.Charge,
): Promise<void> {
  const order = await orderOfCharge(ctx, charge);
  const due = dispute.evidence_details?.due_by
    ? ` Réponse attendue avant le ${day(fromUnix(dispute.evidence_details.due_by))}.`
    : "";
  await alertAgencyOnce(ctx, `dispute:${dispute.id}`, order, {
    alert: "Paiement contesté",
    detail: `Le client conteste le paiement ${charge.id} de ${formatEuros(dispute.amount)} auprès de sa banque (motif Stripe : ${dispute.reason}).${due} Répondez depuis le tableau de bord Stripe ; le site reste en ligne sauf suspension depuis l'administration.`,
  });
}
