import { DAY_MS } from "@lagon/contracts/billing-dates";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { formatEuros } from "@lagon/contracts/pricing";
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import { type Order, type Subscription, subscriptionInvoices, subscriptions } from "../db/schema.ts";
import { fitMailboxesToPlan } from "../mailboxes/plan-mail.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { findOrder, setOrderPlan } from "../orders/orders-table.ts";
import { isLate, reactivate } from "./payment-outcomes.ts";
import { day, recordSubscriptionEvent } from "./record-event.ts";
import { runLifecycleFor } from "./run-lifecycle.ts";
import { queueSiteState } from "./site-state-job.ts";
import { costsMore, fromUnix, planItem, planOfPrice } from "./stripe-billing.ts";
import { applyStripeInvoice, retrieveInvoice } from "./stripe-invoices.ts";
import { loadSubscription, planAmountTtcCents } from "./subscription-view.ts";
import { changeSubscription } from "./transition.ts";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);
const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * At checkout completion: our subscription takes Stripe's periods and anchor, and the order's
 * first invoice Stripe's id. A failure leaves it to the next event or the daily reconciliation.
 */
export async function linkStripeSubscription(ctx: Context, stripe: Stripe, orderId: string): Promise<void> {
  const order = await findOrder(ctx.db, orderId);
  if (!order?.stripeSubscriptionId) return;
  try {
    await syncStripeSubscription(ctx, stripe, order);
  } catch (err) {
    ctx.log.warn({ err, orderId }, "stripe: the new subscription could not be read; the reconciliation will");
  }
}

/**
 * Brings the order's subscription to what Stripe says now, whatever event (or none: the
 * reconciliation) asked: first the invoice given and the subscription's latest invoice, then the
 * subscription itself. Every read is a fresh one from Stripe, so events that come twice or out
 * of order change nothing more; only real changes are recorded (and e-mailed). Answers them.
 */
export async function syncStripeSubscription(
  ctx: Context,
  stripe: Stripe,
  order: Order,
  invoiceId?: string,
): Promise<string[]> {
  const subscriptionId = order.stripeSubscriptionId;
  if (!subscriptionId) return [];
  const now = new Date();
  const changes: string[] = [];
  const first = await stripe.subscriptions.retrieve(subscriptionId);
  const invoices = new Set([invoiceId, idOf(first.latest_invoice)].filter((id): id is string => Boolean(id)));
  if (first.status === "past_due" || first.status === "unpaid") {
    // The unpaid invoice may be older than the latest one (Stripe leaves later ones in draft).
    const open = await stripe.invoices.list({ subscription: subscriptionId, status: "open", limit: 10 });
    for (const invoice of open.data) invoices.add(invoice.id);
  }
  for (const id of invoices) {
    changes.push(...(await applyStripeInvoice(ctx, order, await retrieveInvoice(stripe, id), now)));
  }
  // Our row is read before Stripe and written only if unchanged since (writeIfUnchanged): an
  // action of the customer made in between (Stripe first, then our row) is never undone by an
  // older read.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const sub = await loadSubscription(ctx, order.id);
    if (!sub) return changes;
    const truth = attempt === 1 ? first : await stripe.subscriptions.retrieve(subscriptionId);
    const done = await applySubscription(ctx, order, sub, truth, now);
    if (done) return [...changes, ...done];
  }
  throw new Error(`subscription of order ${order.id} kept changing while it was synchronised with Stripe`);
}

/** One pass; undefined when our row changed meanwhile (to be read again). */
async function applySubscription(
  ctx: Context,
  order: Order,
  sub: Subscription,
  truth: Stripe.Subscription,
  now: Date,
): Promise<string[] | undefined> {
  if (truth.status === "canceled") return ended(ctx, order, sub, truth, now);
  if (
    truth.status !== "active" &&
    truth.status !== "trialing" &&
    truth.status !== "past_due" &&
    truth.status !== "unpaid"
  )
    return []; // incomplete (checkout not paid), paused: nothing of ours follows them.
  if (sub.status === "cancelled" || sub.status === "archived") return [];

  const item = planItem(truth);
  const start = fromUnix(item.current_period_start);
  const end = fromUnix(item.current_period_end);
  const anchor = fromUnix(truth.billing_cycle_anchor);
  const cancelAt = truth.cancel_at ? fromUnix(truth.cancel_at) : truth.cancel_at_period_end ? end : null;
  const patch: Partial<Subscription> = {};
  const notes: string[] = [];
  const after: ((s: Subscription) => Promise<void>)[] = [];

  if (
    !same(sub.currentPeriodStart, start) ||
    !same(sub.currentPeriodEnd, end) ||
    !same(sub.billingAnchor, anchor)
  ) {
    Object.assign(patch, { currentPeriodStart: start, currentPeriodEnd: end, billingAnchor: anchor });
    notes.push(`période ${day(start)} – ${day(end)}`);
  }

  const price = planOfPrice(ctx, item.price.id);
  const plan = sub.planId as PlanId;
  if (!price) {
    ctx.log.warn(
      { orderId: order.id, price: item.price.id },
      "stripe subscription on a price that is not ours",
    );
  } else if (price !== plan && !costsMore(price, plan)) {
    // A cheaper price at Stripe is a downgrade: Stripe bills it from the next renewal, and our
    // plan follows once the period it bills has begun.
    if (await downgradeBegun(ctx, sub, start, price)) {
      Object.assign(patch, switchTo(ctx, order, price), { pendingPlanId: null });
      notes.push(`formule ${planById(plan).name} → ${planById(price).name}`);
      after.push(async () => {
        await putOnPlan(ctx, order, price);
        await addOrderLog(ctx.db, order.id, {
          level: "info",
          action: "subscription-plan",
          details: `Changement de formule effectif : ${planById(plan).name} → ${planById(price).name}.`,
        });
      });
    } else if (sub.pendingPlanId !== price) {
      patch.pendingPlanId = price;
      notes.push(`descente vers ${planById(price).name} programmée`);
      after.push((s) =>
        recordSubscriptionEvent(ctx, order, s, {
          action: "subscription-plan-changed",
          details: `Descente de formule ${planById(plan).name} → ${planById(price).name} programmée chez Stripe pour le ${day(s.currentPeriodEnd)}.`,
          email: {
            template: "subscription_plan_changed",
            vars: {
              old_plan_name: planById(plan).name,
              plan_name: planById(price).name,
              amount: formatEuros(planAmountTtcCents(ctx, order, price)),
              change_summary: `Le changement prendra effet le ${day(s.currentPeriodEnd)}, à la fin de la période déjà payée. Vos contenus sont conservés.`,
            },
          },
        }),
      );
    }
  } else if (price !== plan) {
    // A dearer price: an upgrade, at once (made in the Customer Portal or Stripe's dashboard;
    // ours are recorded by customer-actions.ts, which finds the plan switched if we came first).
    Object.assign(patch, switchTo(ctx, order, price), { pendingPlanId: null });
    notes.push(`formule ${planById(plan).name} → ${planById(price).name}`);
    after.push(async (s) => {
      await putOnPlan(ctx, order, price);
      await recordSubscriptionEvent(ctx, order, s, {
        action: "subscription-plan-changed",
        details: `Formule changée chez Stripe : ${planById(plan).name} → ${planById(price).name}, effective tout de suite.`,
        email: {
          template: "subscription_plan_changed",
          vars: {
            old_plan_name: planById(plan).name,
            change_summary: `Le changement est immédiat ; chaque mois coûte désormais ${formatEuros(s.amountTtcCents)}.`,
          },
        },
      });
    });
  } else if (sub.pendingPlanId) {
    // Stripe bills our plan again: the downgrade that was waiting is off.
    patch.pendingPlanId = null;
    notes.push("descente de formule annulée");
    after.push(() =>
      addOrderLog(ctx.db, order.id, {
        level: "info",
        action: "subscription-plan",
        details: `Descente de formule annulée chez Stripe : la formule ${planById(plan).name} continue.`,
      }),
    );
  }

  if (!same(sub.cancelAt, cancelAt)) {
    patch.cancelAt = cancelAt;
    if (cancelAt && !sub.cancelAt) {
      notes.push(`résiliation programmée au ${day(cancelAt)}`);
      after.push((s) =>
        recordSubscriptionEvent(ctx, order, s, {
          action: "subscription-cancel-scheduled",
          details: `Résiliation programmée chez Stripe : effective le ${day(cancelAt)}.`,
          email: { template: "subscription_cancel_scheduled", vars: { cancel_date: day(cancelAt) } },
        }),
      );
    } else if (!cancelAt) {
      notes.push("résiliation annulée");
      after.push((s) =>
        recordSubscriptionEvent(ctx, order, s, {
          action: "subscription-cancel-undone",
          details: "Résiliation annulée chez Stripe : l'abonnement continue.",
          email: { template: "subscription_cancel_undone", vars: { period_end: day(s.currentPeriodEnd) } },
        }),
      );
    } else {
      notes.push(`résiliation déplacée au ${day(cancelAt)}`);
      after.push(() =>
        addOrderLog(ctx.db, order.id, {
          level: "info",
          action: "subscription-cancel-scheduled",
          details: `Date de résiliation changée chez Stripe : effective le ${day(cancelAt)}.`,
        }),
      );
    }
  }

  // Paid up at Stripe while late here (an invoice voided, or paid where we did not see it).
  const paidUp = (truth.status === "active" || truth.status === "trialing") && isLate(sub);
  if (Object.keys(patch).length === 0 && !paidUp) return [];
  const written = await writeIfUnchanged(ctx, sub, patch);
  if (!written) return undefined;
  for (const step of after) await step(written);
  if (paidUp && (await reactivate(ctx, order, written, {}, "Abonnement à jour chez Stripe")) !== written) {
    notes.push("abonnement réactivé");
  }
  return notes.map((n) => `Stripe : ${n}`);
}

/**
 * Whether the period that bills a downgrade has begun: Stripe's period starts at or after the
 * end of the one we knew, or one of our invoices for Stripe's current period bills that plan.
 */
async function downgradeBegun(
  ctx: Pick<Context, "db">,
  sub: Subscription,
  start: Date,
  price: PlanId,
): Promise<boolean> {
  if (start.getTime() >= sub.currentPeriodEnd.getTime() - 60_000) return true;
  const [billed] = await ctx.db
    .select({ id: subscriptionInvoices.id })
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.orderId, sub.orderId),
        eq(subscriptionInvoices.kind, "renewal"),
        eq(subscriptionInvoices.periodStart, start),
        eq(subscriptionInvoices.planId, price),
      ),
    );
  return Boolean(billed);
}

/** Puts the order on the plan Stripe bills, with its mailboxes. */
async function putOnPlan(ctx: Context, order: Order, planId: PlanId): Promise<void> {
  await setOrderPlan(ctx.db, order.id, planId);
  // The mailboxes get the new plan's storage (decision 0105), whichever of Stripe and us came first.
  await fitMailboxesToPlan(ctx, order, planId);
}

/** The plan's fields for the order's discount. */
function switchTo(ctx: Pick<Context, "config">, order: Order, planId: PlanId): Partial<Subscription> {
  return { planId, amountTtcCents: planAmountTtcCents(ctx, order, planId) };
}

/**
 * Stripe ended the subscription: ours ends as a cancellation does (site offline, archived
 * later). One that Stripe cancelled for non-payment still gets our whole grace period first.
 */
async function ended(
  ctx: Context,
  order: Order,
  sub: Subscription,
  truth: Stripe.Subscription,
  now: Date,
): Promise<string[] | undefined> {
  if (sub.status === "cancelled" || sub.status === "archived") return [];
  const endedAt = fromUnix(truth.ended_at ?? truth.canceled_at ?? Math.floor(now.getTime() / 1000));
  if (sub.status === "suspended") {
    const cancelled = await changeSubscription(ctx, order.id, ["suspended"], {
      status: "cancelled",
      archiveAt: sub.archiveAt ?? new Date(now.getTime() + ctx.config.BILLING_ARCHIVE_AFTER_DAYS * DAY_MS),
      reminders: sub.archiveAt ? sub.reminders : [],
    });
    if (!cancelled) return undefined;
    const after = await queueSiteState(ctx, cancelled);
    await recordSubscriptionEvent(ctx, order, after, {
      action: "subscription-cancelled",
      details: `Abonnement résilié chez Stripe pendant la suspension : archivage le ${day(after.archiveAt)}.`,
      email: { template: "subscription_cancelled", vars: { archive_date: day(after.archiveAt) } },
    });
    return ["Stripe : abonnement résilié"];
  }
  const at =
    sub.status === "past_due" && sub.suspendAt && sub.suspendAt.getTime() > endedAt.getTime()
      ? sub.suspendAt
      : endedAt;
  const notes: string[] = [];
  if (!same(sub.cancelAt, at)) {
    const written = await writeIfUnchanged(ctx, sub, { cancelAt: at });
    if (!written) return undefined;
    await addOrderLog(ctx.db, order.id, {
      level: "warning",
      action: "subscription-cancel-scheduled",
      details:
        at === endedAt
          ? `Abonnement terminé chez Stripe le ${day(endedAt)}.`
          : `Abonnement terminé chez Stripe pour impayé le ${day(endedAt)} : le site reste en ligne jusqu'à la fin du délai de grâce, le ${day(at)}.`,
    });
    notes.push(`abonnement terminé le ${day(endedAt)}`);
  }
  // The lifecycle ends it as it ends any cancellation that is due (runLifecycle.ts).
  if (at.getTime() <= now.getTime()) await runLifecycleFor(ctx, order.id, now);
  return notes.map((n) => `Stripe : ${n}`);
}

/**
 * Writes the patch only if what it was decided on is still as it was read: the status, plan,
 * scheduled cancellation and period (all written by the product, so compared exactly).
 */
async function writeIfUnchanged(
  ctx: Pick<Context, "db">,
  sub: Subscription,
  patch: Partial<Subscription>,
): Promise<Subscription | undefined> {
  const s = subscriptions;
  const [row] = await ctx.db
    .update(s)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(s.orderId, sub.orderId),
        eq(s.status, sub.status),
        eq(s.planId, sub.planId),
        sub.pendingPlanId ? eq(s.pendingPlanId, sub.pendingPlanId) : isNull(s.pendingPlanId),
        sub.cancelAt ? eq(s.cancelAt, sub.cancelAt) : isNull(s.cancelAt),
        eq(s.currentPeriodStart, sub.currentPeriodStart),
        eq(s.currentPeriodEnd, sub.currentPeriodEnd),
        eq(s.billingAnchor, sub.billingAnchor),
      ),
    )
    .returning();
  return row;
}
