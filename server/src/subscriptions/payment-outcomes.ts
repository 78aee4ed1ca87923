import { addMonths, DAY_MS } from "@lagon/contracts/billing-dates";
import { formatEuros } from "@lagon/contracts/pricing";
import type { Context } from "../context.ts";
import type { Order, Subscription, SubscriptionInvoice } from "../db/schema.ts";
import { type Actor, day, recordSubscriptionEvent, SYSTEM } from "./record-event.ts";
import { queueSiteState } from "./site-state-job.ts";
import { countInvoiceAttempt, markInvoicePaid } from "./subscription-invoices-table.ts";
import { changeSubscription } from "./transition.ts";

/** Days after the first failure when an unpaid renewal is charged again, like Stripe's Smart Retries. */
export const RETRY_DAYS = [1, 3, 5, 7, 10, 13];

/** A non-payment suspension (a manual one is lifted by the agency only). */
export const NON_PAYMENT = "non-paiement";

/**
 * An invoice got paid (offline charge, card update, or Stripe's invoice.paid). The period it
 * covers starts; a subscription past due, suspended or archived for non-payment is active again
 * at once, its site back online (restored from its archive if need be). Offline, an invoice for
 * a period already over (a site suspended for long) starts a fresh month from today instead;
 * with Stripe the periods are Stripe's (stripe-sync.ts sets them).
 */
export async function invoicePaid(
  ctx: Context,
  order: Order,
  sub: Subscription,
  invoice: SubscriptionInvoice,
  now: Date,
  actor: Actor = SYSTEM,
): Promise<Subscription> {
  const paid = await markInvoicePaid(ctx.db, invoice.id, now, invoice.attempts + 1);
  if (!paid) return sub;
  if (invoice.kind === "proration") return sub;
  const stale = ctx.payments.productBills && invoice.periodEnd.getTime() <= now.getTime();
  // Periods only move forward: a late event about an older invoice leaves the current one.
  const period = stale
    ? { billingAnchor: now, currentPeriodStart: now, currentPeriodEnd: addMonths(now, 1) }
    : invoice.periodEnd.getTime() > sub.currentPeriodEnd.getTime()
      ? { currentPeriodStart: invoice.periodStart, currentPeriodEnd: invoice.periodEnd }
      : {};
  if (isLate(sub)) {
    return reactivate(
      ctx,
      order,
      sub,
      period,
      `Paiement reçu (${formatEuros(invoice.amountTtcCents)})`,
      actor,
    );
  }
  const updated = await changeSubscription(ctx, order.id, [sub.status], period);
  if (!updated) return sub;
  await recordSubscriptionEvent(ctx, order, updated, {
    action: "subscription-renewed",
    details: `Renouvellement payé (${formatEuros(invoice.amountTtcCents)}) : période jusqu'au ${day(updated.currentPeriodEnd)}.`,
    actor,
  });
  return updated;
}

/** Past due, or suspended or archived for non-payment: a payment makes it active again. */
export function isLate(sub: Subscription): boolean {
  return (
    sub.status === "past_due" ||
    ((sub.status === "suspended" || sub.status === "archived") && sub.suspendReason === NON_PAYMENT)
  );
}

/**
 * A late subscription is paid up: active again at once, its site back online (restored from
 * its archive if need be), the customer told. `why` opens the log line ("Paiement reçu (…)").
 */
export async function reactivate(
  ctx: Context,
  order: Order,
  sub: Subscription,
  patch: Partial<Subscription>,
  why: string,
  actor: Actor = SYSTEM,
): Promise<Subscription> {
  const updated = await changeSubscription(ctx, order.id, [sub.status], {
    ...patch,
    status: "active",
    pastDueSince: null,
    nextRetryAt: null,
    suspendAt: null,
    suspendedAt: null,
    suspendReason: null,
    archiveAt: null,
    reminders: [],
  });
  if (!updated) return sub;
  const back = await queueSiteState(ctx, updated);
  await recordSubscriptionEvent(ctx, order, back, {
    action: "subscription-reactivated",
    details: `${why} : abonnement réactivé${sub.status === "archived" ? ", site rétabli depuis son archive" : ""}.`,
    actor,
    email: { template: "subscription_reactivated", vars: { period_end: day(back.currentPeriodEnd) } },
  });
  return back;
}

/** A failed charge as Stripe reports it: its attempt number, its next try, and the page to confirm 3-D Secure. */
export interface ProviderAttempt {
  attempt: number;
  nextAttemptAt: Date | null;
  /** Stripe's hosted invoice page, when the bank asks the customer to authenticate the payment. */
  actionUrl?: string;
}

/**
 * A charge of an invoice failed. The first failure of a renewal makes the subscription past due
 * with its grace period; every failed attempt e-mails the customer a link to change the card
 * (or, when the bank asks for 3-D Secure, the invoice page to confirm the payment). With Stripe
 * (`provider`), an attempt already recorded changes nothing, so each attempt e-mails once.
 */
export async function invoiceFailed(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "payments" | "wordpress">,
  order: Order,
  sub: Subscription,
  invoice: SubscriptionInvoice,
  now: Date,
  reason: string,
  actor: Actor = SYSTEM,
  provider?: ProviderAttempt,
): Promise<Subscription> {
  const attempts = provider?.attempt ?? invoice.attempts + 1;
  const counted = await countInvoiceAttempt(ctx.db, invoice.id, attempts, reason);
  if (!counted || invoice.kind === "proration") return sub;
  const since = sub.pastDueSince ?? now;
  const graceMs = ctx.config.BILLING_GRACE_DAYS * DAY_MS;
  const retry = RETRY_DAYS.map((d) => since.getTime() + d * DAY_MS).find(
    (t) => t > now.getTime() && t < since.getTime() + graceMs,
  );
  const patch = {
    pastDueSince: since,
    suspendAt: sub.suspendAt ?? new Date(since.getTime() + graceMs),
    nextRetryAt: ctx.payments.productBills && retry ? new Date(retry) : null,
  };
  const updated =
    sub.status === "active"
      ? await changeSubscription(ctx, order.id, ["active"], { ...patch, status: "past_due", reminders: [] })
      : sub.status === "past_due"
        ? await changeSubscription(ctx, order.id, ["past_due"], patch)
        : await changeSubscription(ctx, order.id, [sub.status], {});
  if (!updated) return sub;
  const late = updated.status === "past_due";
  const nextAttempt = provider ? provider.nextAttemptAt : updated.nextRetryAt;
  const vars = {
    attempt: String(attempts),
    next_attempt: nextAttempt
      ? `Nous réessaierons le ${day(nextAttempt)}.`
      : "Nous ne ferons plus de nouvelle tentative automatique.",
    suspend_date: day(updated.suspendAt),
  };
  await recordSubscriptionEvent(ctx, order, updated, {
    action: provider?.actionUrl ? "subscription-payment-action-required" : "subscription-payment-failed",
    level: "warning",
    details: `${provider?.actionUrl ? "Paiement à confirmer par le client (3-D Secure)" : "Échec du paiement"} de ${formatEuros(invoice.amountTtcCents)} (tentative ${attempts}) : ${reason}.${late ? ` Suspension prévue le ${day(updated.suspendAt)}.` : ""}`,
    actor,
    email: !late
      ? undefined
      : provider?.actionUrl
        ? {
            template: "subscription_payment_action_required",
            vars: { ...vars, payment_link: provider.actionUrl },
          }
        : { template: "subscription_payment_failed", vars },
  });
  return updated;
}
