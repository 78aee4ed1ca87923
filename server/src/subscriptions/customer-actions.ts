import { cancellationEffectiveDate, prorationCents } from "@lagon/contracts/billing-dates";
import { planById } from "@lagon/contracts/plans";
import { formatEuros } from "@lagon/contracts/pricing";
import { SUBSCRIPTION_MESSAGES } from "@lagon/contracts/subscriptions";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type orders, subscriptionInvoices } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../lib/app-error.ts";
import { billingNow } from "./billing-clock.ts";
import { chargeLocally } from "./charge-locally.ts";
import { switchPlan } from "./plan-change.ts";
import { type Actor, day, recordSubscriptionEvent } from "./record-event.ts";
import { stripeCancelAt, stripeChangePrice, stripeClient, stripePriceId } from "./stripe-billing.ts";
import { isPlanId, loadSubscription, planAmountTtcCents, type Subscription } from "./subscription-view.ts";
import { cardDeclined } from "./test-cards.ts";
import { changeSubscription } from "./transition.ts";

type Order = typeof orders.$inferSelect;

async function current(ctx: Context, order: Order): Promise<Subscription> {
  const sub = await loadSubscription(ctx, order.id);
  if (!sub) throw notFound(SUBSCRIPTION_MESSAGES.noSubscription);
  return sub;
}

/**
 * The customer cancels (Code de la consommation L215-1-1): effective at the end of the billing
 * period that holds today + 30 days; the site stays up until then and the customer may undo it.
 */
export async function cancelSubscription(ctx: Context, order: Order, actor: Actor): Promise<Subscription> {
  const sub = await current(ctx, order);
  if (sub.status !== "active" && sub.status !== "past_due")
    throw conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled);
  if (sub.cancelAt) throw conflict(SUBSCRIPTION_MESSAGES.cancelAlreadyScheduled);
  const at = cancellationEffectiveDate(sub.billingAnchor, await billingNow(ctx));
  return scheduleCancellation(ctx, order, sub, at, actor);
}

/** Schedules the end of the subscription at `at` (a period end), with Stripe when it is the provider. */
export async function scheduleCancellation(
  ctx: Context,
  order: Order,
  sub: Subscription,
  at: Date,
  actor: Actor,
): Promise<Subscription> {
  const stripe = stripeClient(ctx);
  if (stripe) await stripeCancelAt(stripe, order, at);
  const updated = await changeSubscription(ctx, order.id, ["active", "past_due"], {
    cancelAt: at,
    pendingPlanId: null,
  });
  if (!updated) throw conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled);
  await recordSubscriptionEvent(ctx, order, updated, {
    action: "subscription-cancel-scheduled",
    details: `Résiliation demandée : effective le ${day(at)}.`,
    actor,
    email: { template: "subscription_cancel_scheduled", vars: { cancel_date: day(at) } },
  });
  return updated;
}

/** Undoes a scheduled cancellation, until it takes effect. */
export async function undoCancellation(ctx: Context, order: Order, actor: Actor): Promise<Subscription> {
  const sub = await current(ctx, order);
  if (sub.status !== "active" && sub.status !== "past_due")
    throw conflict(SUBSCRIPTION_MESSAGES.cancelTooLate);
  if (!sub.cancelAt) throw conflict(SUBSCRIPTION_MESSAGES.noCancelScheduled);
  const stripe = stripeClient(ctx);
  if (stripe) await stripeCancelAt(stripe, order, null);
  const updated = await changeSubscription(ctx, order.id, ["active", "past_due"], { cancelAt: null });
  if (!updated) throw conflict(SUBSCRIPTION_MESSAGES.cancelTooLate);
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
  planId: string,
  actor: Actor,
): Promise<Subscription> {
  if (!isPlanId(planId)) throw badRequest(SUBSCRIPTION_MESSAGES.unknownPlan);
  const sub = await current(ctx, order);
  if (sub.status !== "active") throw conflict(SUBSCRIPTION_MESSAGES.planChangeUnavailable);
  if (planId === sub.planId && !sub.pendingPlanId) throw badRequest(SUBSCRIPTION_MESSAGES.samePlan);
  const now = await billingNow(ctx);
  const oldName = planById(sub.planId as never).name;
  const amount = planAmountTtcCents(ctx, order, planId);
  const stripe = stripeClient(ctx);

  if (amount > sub.amountTtcCents) {
    const difference = prorationCents(
      sub.amountTtcCents,
      amount,
      sub.currentPeriodStart,
      sub.currentPeriodEnd,
      now,
    );
    if (stripe) {
      await stripeChangePrice(stripe, order, stripePriceId(ctx, planId), true).catch(() => {
        throw cardDeclined();
      });
    } else if (difference > 0) {
      const [invoice] = await ctx.db
        .insert(subscriptionInvoices)
        .values({
          id: crypto.randomUUID(),
          orderId: order.id,
          kind: "proration",
          planId,
          amountTtcCents: difference,
          periodStart: now,
          periodEnd: sub.currentPeriodEnd,
          status: "open",
        })
        .returning();
      if (!invoice) throw new Error("proration invoice not created");
      const { paid } = await chargeLocally(ctx, order, sub, invoice, now, actor);
      if (!paid) {
        await changeInvoiceToVoid(ctx, invoice.id);
        throw cardDeclined();
      }
    }
    const updated = (await switchPlan(ctx, order, sub, planId)) ?? sub;
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
  if (stripe) await stripeChangePrice(stripe, order, stripePriceId(ctx, planId), false);
  const updated = await changeSubscription(ctx, order.id, ["active"], { pendingPlanId: pending });
  if (!updated) throw conflict(SUBSCRIPTION_MESSAGES.planChangeUnavailable);
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

async function changeInvoiceToVoid(ctx: Context, id: string): Promise<void> {
  await ctx.db.update(subscriptionInvoices).set({ status: "void" }).where(eq(subscriptionInvoices.id, id));
}
