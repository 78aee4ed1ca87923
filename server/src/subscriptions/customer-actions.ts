import { planById } from "@lagon/contracts/plans";
import { formatEuros } from "@lagon/contracts/pricing";
import { SUBSCRIPTION_MESSAGES } from "@lagon/contracts/subscriptions";
import { isNotNull, isNull, ne, or } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, type Subscription, subscriptions } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../lib/app-error.ts";
import { assertMailFitsPlan } from "../mailboxes/plan-mail.ts";
import { planOfChoice } from "../payments/plan-choice.ts";
import { billingNow } from "./billing-clock.ts";
import { switchPlan } from "./plan-change.ts";
import { type Actor, day, recordSubscriptionEvent } from "./record-event.ts";
import { isPlanId, loadSubscription, planAmountTtcCents, upgradeChargeCents } from "./subscription-view.ts";
import { changeSubscription } from "./transition.ts";

async function current(ctx: Pick<Context, "db">, order: Order): Promise<Subscription> {
  const sub = await loadSubscription(ctx, order.id);
  if (!sub) throw notFound(SUBSCRIPTION_MESSAGES.noSubscription);
  return sub;
}

/**
 * The customer cancels (Code de la consommation L215-1-1): effective at the end of the billing
 * period that holds today + 30 days; the site stays up until then and the customer may undo it.
 */
export async function cancelSubscription(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "payments" | "wordpress">,
  order: Order,
  actor: Actor,
): Promise<Subscription> {
  const sub = await current(ctx, order);
  if (sub.status !== "active" && sub.status !== "past_due")
    throw conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled);
  if (sub.cancelAt) throw conflict(SUBSCRIPTION_MESSAGES.cancelAlreadyScheduled);
  return scheduleCancellation(ctx, order, sub, "notice", actor);
}

/**
 * Schedules the end of the subscription at a period end: the one after the 30-day notice, or
 * the current one. With Stripe, Stripe is changed first and gives the date (its calendar); should
 * its webhook have recorded the change meanwhile (stripe-sync.ts), it is not recorded twice. Offline,
 * a waiting downgrade is dropped; with Stripe it stays, as Stripe bills it.
 */
export async function scheduleCancellation(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "payments" | "wordpress">,
  order: Order,
  sub: Subscription,
  rule: "notice" | "period_end",
  actor: Actor,
): Promise<Subscription> {
  const now = await billingNow(ctx);
  const at = await ctx.payments.scheduleCancel(order, sub, rule, now);
  const updated = await changeSubscription(
    ctx,
    order.id,
    ["active", "past_due"],
    { cancelAt: at, ...(ctx.payments.productBills ? { pendingPlanId: null } : {}) },
    or(isNull(subscriptions.cancelAt), ne(subscriptions.cancelAt, at)),
  );
  if (!updated) return alreadyDone(ctx, order, (s) => s.cancelAt?.getTime() === at.getTime());
  await recordSubscriptionEvent(ctx, order, updated, {
    action: "subscription-cancel-scheduled",
    details: `Résiliation demandée : effective le ${day(at)}.`,
    actor,
    email: { template: "subscription_cancel_scheduled", vars: { cancel_date: day(at) } },
  });
  return updated;
}

/**
 * A change that found nothing to write: done already by another process (Stripe's webhook
 * raced the action), answered as it is; or made impossible meanwhile, a conflict.
 */
async function alreadyDone(
  ctx: Pick<Context, "db">,
  order: Order,
  done: (sub: Subscription) => boolean,
  problem: string = SUBSCRIPTION_MESSAGES.alreadyCancelled,
): Promise<Subscription> {
  const now = await current(ctx, order);
  if ((now.status === "active" || now.status === "past_due") && done(now)) return now;
  throw conflict(problem);
}

/** Undoes a scheduled cancellation, until it takes effect. */
export async function undoCancellation(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "payments" | "wordpress">,
  order: Order,
  actor: Actor,
): Promise<Subscription> {
  const sub = await current(ctx, order);
  if (sub.status !== "active" && sub.status !== "past_due")
    throw conflict(SUBSCRIPTION_MESSAGES.cancelTooLate);
  if (!sub.cancelAt) throw conflict(SUBSCRIPTION_MESSAGES.noCancelScheduled);
  await ctx.payments.undoCancel(order);
  const updated = await changeSubscription(
    ctx,
    order.id,
    ["active", "past_due"],
    { cancelAt: null },
    isNotNull(subscriptions.cancelAt),
  );
  if (!updated)
    return alreadyDone(ctx, order, (s) => s.cancelAt === null, SUBSCRIPTION_MESSAGES.cancelTooLate);
  await recordSubscriptionEvent(ctx, order, updated, {
    action: "subscription-cancel-undone",
    details: "Résiliation annulée par le client : l'abonnement continue.",
    actor,
    email: { template: "subscription_cancel_undone", vars: { period_end: day(updated.currentPeriodEnd) } },
  });
  return updated;
}

/**
 * Another plan: an upgrade takes effect at once and charges the prorated difference for the
 * rest of the period (refused, nothing changed, when the card declines); a downgrade waits for
 * the period end. Choosing the current plan again cancels a waiting downgrade.
 */
export async function changePlan(
  ctx: Context,
  order: Order,
  choice: string,
  actor: Actor,
): Promise<Subscription> {
  const planId = planOfChoice(ctx, choice);
  if (!planId) throw badRequest(SUBSCRIPTION_MESSAGES.unknownPlan);
  const sub = await current(ctx, order);
  if (sub.status !== "active") throw conflict(SUBSCRIPTION_MESSAGES.planChangeUnavailable);
  if (planId === sub.planId && !sub.pendingPlanId) throw badRequest(SUBSCRIPTION_MESSAGES.samePlan);
  // The mailboxes must fit the new plan before anything is charged or scheduled (decision 0105).
  if (planId !== sub.planId && isPlanId(sub.planId)) await assertMailFitsPlan(ctx, order.id, planId);
  const now = await billingNow(ctx);
  const oldName = planById(sub.planId as never).name;
  const amount = planAmountTtcCents(ctx, order, planId);
  const change = { order, sub, to: planId, now, actor };

  if (amount > sub.amountTtcCents) {
    const difference = upgradeChargeCents(ctx, order, sub, planId, now);
    await ctx.payments.changePlan(ctx, { ...change, upgrade: true, difference });
    const updated = await switchPlan(ctx, order, sub, planId);
    if (!updated)
      return alreadyDone(ctx, order, (s) => s.planId === planId, SUBSCRIPTION_MESSAGES.planChangeUnavailable);
    await recordSubscriptionEvent(ctx, order, updated, {
      action: "subscription-plan-changed",
      details: `Montée de formule ${oldName} → ${planById(planId).name}, effective tout de suite (${formatEuros(difference)} facturés au prorata).`,
      actor,
      email: {
        template: "subscription_plan_changed",
        vars: {
          old_plan_name: oldName,
          change_summary: `Le changement est immédiat. Nous avons prélevé ${formatEuros(difference)}, la différence au prorata jusqu'au ${day(updated.currentPeriodEnd)} ; ensuite, chaque mois coûte ${formatEuros(amount)}.`,
        },
      },
    });
    return updated;
  }

  const pending = planId === sub.planId ? null : planId;
  await ctx.payments.changePlan(ctx, { ...change, upgrade: false, difference: 0 });
  const updated = await changeSubscription(
    ctx,
    order.id,
    ["active"],
    { pendingPlanId: pending },
    pending
      ? or(isNull(subscriptions.pendingPlanId), ne(subscriptions.pendingPlanId, pending))
      : isNotNull(subscriptions.pendingPlanId),
  );
  if (!updated)
    return alreadyDone(
      ctx,
      order,
      (s) => s.pendingPlanId === pending,
      SUBSCRIPTION_MESSAGES.planChangeUnavailable,
    );
  await recordSubscriptionEvent(ctx, order, updated, {
    action: "subscription-plan-changed",
    details: pending
      ? `Descente de formule ${oldName} → ${planById(planId).name} programmée pour le ${day(updated.currentPeriodEnd)}.`
      : `Descente de formule annulée : la formule ${oldName} continue.`,
    actor,
    email: pending
      ? {
          template: "subscription_plan_changed",
          vars: {
            old_plan_name: oldName,
            plan_name: planById(planId).name,
            amount: formatEuros(amount),
            change_summary: `Le changement prendra effet le ${day(updated.currentPeriodEnd)}, à la fin de la période déjà payée. Vos contenus sont conservés.`,
          },
        }
      : undefined,
  });
  return updated;
}
