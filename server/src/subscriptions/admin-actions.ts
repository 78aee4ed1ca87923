import { DAY_MS } from "@lagon/contracts/billing-dates";
import { SUBSCRIPTION_MESSAGES } from "@lagon/contracts/subscriptions";
import type { Context } from "../context.ts";
import type { Subscription } from "../db/schema.ts";
import { conflict, notFound } from "../lib/app-error.ts";
import { getOrder } from "../orders/orders-table.ts";
import { billingNow } from "./billing-clock.ts";
import { openRenewal } from "./charge-locally.ts";
import { scheduleCancellation } from "./customer-actions.ts";
import { type Actor, day, recordSubscriptionEvent } from "./record-event.ts";
import { runLifecycleFor } from "./run-lifecycle.ts";
import { queueSiteState } from "./site-state-job.ts";
import { loadSubscription } from "./subscription-view.ts";
import { changeSubscription } from "./transition.ts";

async function load(ctx: Pick<Context, "db">, orderId: string) {
  const order = await getOrder(ctx.db, orderId);
  const sub = await loadSubscription(ctx, orderId);
  if (!sub) throw notFound(SUBSCRIPTION_MESSAGES.noSubscription);
  return { order, sub };
}

/**
 * The agency suspends a site (abuse, a dispute...): offline at once, with its reason; no
 * automatic archival, and a payment does not lift it: only `unsuspendByAdmin` does.
 */
export async function suspendByAdmin(
  ctx: Context,
  orderId: string,
  reason: string,
  actor: Actor,
): Promise<Subscription> {
  const { order, sub } = await load(ctx, orderId);
  if (sub.status !== "active" && sub.status !== "past_due")
    throw conflict(SUBSCRIPTION_MESSAGES.alreadySuspended);
  const suspended = await changeSubscription(ctx, orderId, [sub.status], {
    status: "suspended",
    suspendedAt: await billingNow(ctx),
    suspendReason: reason,
    archiveAt: null,
    nextRetryAt: null,
    reminders: [],
  });
  if (!suspended) throw conflict(SUBSCRIPTION_MESSAGES.alreadySuspended);
  const after = await queueSiteState(ctx, suspended);
  await recordSubscriptionEvent(ctx, order, after, {
    action: "subscription-suspended",
    level: "warning",
    details: `Site suspendu par l'agence : ${reason}`,
    actor,
    email: { template: "subscription_suspended", vars: { reason, archive_date: "(pas d'archivage prévu)" } },
  });
  return after;
}

/**
 * Lifts a suspension (manual or for non-payment). A renewal still unpaid leaves the subscription
 * past due with a fresh grace period; otherwise it is active.
 */
export async function unsuspendByAdmin(
  ctx: Context,
  orderId: string,
  reason: string,
  actor: Actor,
): Promise<Subscription> {
  const { order, sub } = await load(ctx, orderId);
  if (sub.status !== "suspended") throw conflict(SUBSCRIPTION_MESSAGES.notSuspended);
  const now = await billingNow(ctx);
  const unpaid = await openRenewal(ctx, orderId);
  const lifted = await changeSubscription(ctx, orderId, ["suspended"], {
    status: unpaid ? "past_due" : "active",
    suspendedAt: null,
    suspendReason: null,
    archiveAt: null,
    reminders: [],
    ...(unpaid
      ? { pastDueSince: now, suspendAt: new Date(now.getTime() + ctx.config.BILLING_GRACE_DAYS * DAY_MS) }
      : { pastDueSince: null, suspendAt: null }),
  });
  if (!lifted) throw conflict(SUBSCRIPTION_MESSAGES.notSuspended);
  const after = await queueSiteState(ctx, lifted);
  await recordSubscriptionEvent(ctx, order, after, {
    action: "subscription-unsuspended",
    details: `Suspension levée par l'agence : ${reason}${unpaid ? ` (facture impayée : nouvelle suspension le ${day(after.suspendAt)} sans paiement)` : ""}.`,
    actor,
    email: { template: "subscription_unsuspended", vars: { reason } },
  });
  return after;
}

/** The agency ends a subscription: now (offline at once), or at the end of the current period. */
export async function cancelByAdmin(
  ctx: Context,
  orderId: string,
  when: "now" | "period_end",
  actor: Actor,
): Promise<Subscription> {
  const { order, sub } = await load(ctx, orderId);
  if (sub.status !== "active" && sub.status !== "past_due")
    throw conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled);
  if (when === "period_end") return scheduleCancellation(ctx, order, sub, "period_end", actor);
  const now = await billingNow(ctx);
  await ctx.payments.cancelNow(order);
  // Stripe's webhook may have ended it first (stripe-sync.ts): then it is cancelled already.
  const due = await changeSubscription(ctx, orderId, [sub.status], { cancelAt: now, pendingPlanId: null });
  if (!due && ctx.payments.productBills) throw conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled);
  await runLifecycleFor(ctx, orderId, now);
  return (await loadSubscription(ctx, orderId)) ?? sub;
}
