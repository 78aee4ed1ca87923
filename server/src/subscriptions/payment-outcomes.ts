import { addMonths, DAY_MS } from "@lagon/contracts/billing-dates";
import { formatEuros } from "@lagon/contracts/pricing";
import { and, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type orders, subscriptionInvoices } from "../db/schema.ts";
import { type Actor, day, recordSubscriptionEvent, SYSTEM } from "./record-event.ts";
import { bringSiteToState } from "./site-state.ts";
import type { Subscription } from "./subscription-view.ts";
import { changeSubscription } from "./transition.ts";

type Order = typeof orders.$inferSelect;
export type Invoice = typeof subscriptionInvoices.$inferSelect;

/** Days after the first failure when an unpaid renewal is charged again, like Stripe's Smart Retries. */
export const RETRY_DAYS = [1, 3, 5, 7, 10, 13];

/** A non-payment suspension (a manual one is lifted by the agency only). */
export const NON_PAYMENT = "non-paiement";

/**
 * An invoice got paid (offline charge, card update, or Stripe's invoice.paid). The period it
 * covers starts; a subscription past due, suspended or archived for non-payment is active again
 * at once, its site back online (restored from its archive if need be). An invoice for a period
 * already over (a site suspended for long) starts a fresh month from today instead.
 */
export async function invoicePaid(
  ctx: Context,
  order: Order,
  sub: Subscription,
  invoice: Invoice,
  now: Date,
  actor: Actor = SYSTEM,
): Promise<Subscription> {
  const paid = await ctx.db
    .update(subscriptionInvoices)
    .set({ status: "paid", paidAt: now, attempts: invoice.attempts + 1, lastError: null })
    .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, "open")))
    .returning();
  if (paid.length === 0) return sub;
  if (invoice.kind === "proration") return sub;
  const stale = invoice.periodEnd.getTime() <= now.getTime();
  const period = stale
    ? { billingAnchor: now, currentPeriodStart: now, currentPeriodEnd: addMonths(now, 1) }
    : { currentPeriodStart: invoice.periodStart, currentPeriodEnd: invoice.periodEnd };
  const wasLate =
    sub.status === "past_due" ||
    ((sub.status === "suspended" || sub.status === "archived") && sub.suspendReason === NON_PAYMENT);
  const updated = await changeSubscription(ctx, order.id, [sub.status], {
    ...period,
    ...(wasLate
      ? {
          status: "active",
          pastDueSince: null,
          nextRetryAt: null,
          suspendAt: null,
          suspendedAt: null,
          suspendReason: null,
          archiveAt: null,
          reminders: [],
        }
      : {}),
  });
  if (!updated) return sub;
  if (!wasLate) {
    await recordSubscriptionEvent(ctx, order, updated, {
      action: "subscription-renewed",
      details: `Renouvellement payé (${formatEuros(invoice.amountTtcCents)}) : période jusqu'au ${day(updated.currentPeriodEnd)}.`,
      actor,
    });
    return updated;
  }
  const back = await bringSiteToState(ctx, order, updated);
  await recordSubscriptionEvent(ctx, order, back, {
    action: "subscription-reactivated",
    details: `Paiement reçu (${formatEuros(invoice.amountTtcCents)}) : abonnement réactivé${sub.status === "archived" ? ", site rétabli depuis son archive" : ""}.`,
    actor,
    email: { template: "subscription_reactivated", vars: { period_end: day(back.currentPeriodEnd) } },
  });
  return back;
}

/**
 * A charge of an invoice failed. The first failure of a renewal makes the subscription past due
 * with its grace period; every failed attempt e-mails the customer a link to change the card.
 */
export async function invoiceFailed(
  ctx: Context,
  order: Order,
  sub: Subscription,
  invoice: Invoice,
  now: Date,
  reason: string,
  actor: Actor = SYSTEM,
): Promise<Subscription> {
  const attempts = invoice.attempts + 1;
  await ctx.db
    .update(subscriptionInvoices)
    .set({ attempts, lastError: reason })
    .where(eq(subscriptionInvoices.id, invoice.id));
  if (invoice.kind === "proration") return sub;
  const since = sub.pastDueSince ?? now;
  const graceMs = ctx.config.BILLING_GRACE_DAYS * DAY_MS;
  const retry = RETRY_DAYS.map((d) => since.getTime() + d * DAY_MS).find(
    (t) => t > now.getTime() && t < since.getTime() + graceMs,
  );
  const patch = {
    pastDueSince: since,
    suspendAt: sub.suspendAt ?? new Date(since.getTime() + graceMs),
    nextRetryAt: ctx.payments.kind === "local" && retry ? new Date(retry) : null,
  };
  const updated =
    sub.status === "active"
      ? await changeSubscription(ctx, order.id, ["active"], { ...patch, status: "past_due", reminders: [] })
      : sub.status === "past_due"
        ? await changeSubscription(ctx, order.id, ["past_due"], patch)
        : await changeSubscription(ctx, order.id, [sub.status], {});
  if (!updated) return sub;
  const late = updated.status === "past_due";
  await recordSubscriptionEvent(ctx, order, updated, {
    action: "subscription-payment-failed",
    level: "warning",
    details: `Échec du paiement de ${formatEuros(invoice.amountTtcCents)} (tentative ${attempts}) : ${reason}.${late ? ` Suspension prévue le ${day(updated.suspendAt)}.` : ""}`,
    actor,
    email: late
      ? {
          template: "subscription_payment_failed",
          vars: {
            attempt: String(attempts),
            next_attempt: updated.nextRetryAt
              ? `Nous réessaierons le ${day(updated.nextRetryAt)}.`
              : "Nous ne ferons plus de nouvelle tentative automatique.",
            suspend_date: day(updated.suspendAt),
          },
        }
      : undefined,
  });
  return updated;
}
