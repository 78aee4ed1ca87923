import { DAY_MS, daysUntil, periodEndAfter } from "@lagon/contracts/billing-dates";
import { planById } from "@lagon/contracts/plans";
import { and, eq, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, orders, type Subscription, sites, subscriptions } from "../db/schema.ts";
import { issueMissingLocalInvoices } from "../invoices/subscription-invoice.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { chargeLocally, openRenewal } from "./charge-locally.ts";
import { NON_PAYMENT } from "./payment-outcomes.ts";
import { switchPlan } from "./plan-change.ts";
import { day, recordSubscriptionEvent } from "./record-event.ts";
import { deleteFinalCopy } from "./site-archive.ts";
import { queueSiteState } from "./site-state-job.ts";
import { insertSubscriptionInvoiceOnce, voidOpenInvoicesOfOrder } from "./subscription-invoices-table.ts";
import { isPlanId } from "./subscription-view.ts";
import { claimSubscriptionRetry } from "./subscriptions-table.ts";
import { changeSubscription } from "./transition.ts";

/** Subscriptions with something due at `now`: the rest are left alone. */
function dueAt(now: Date) {
  const soon = new Date(now.getTime() + 7 * DAY_MS);
  const tomorrow = new Date(now.getTime() + DAY_MS);
  const s = subscriptions;
  return or(
    and(eq(s.status, "active"), lte(s.currentPeriodEnd, now)),
    and(inArray(s.status, ["active", "past_due"]), lte(s.cancelAt, now)),
    and(eq(s.status, "past_due"), or(lte(s.nextRetryAt, now), lte(s.suspendAt, tomorrow))),
    and(inArray(s.status, ["suspended", "cancelled"]), lte(s.archiveAt, soon)),
    and(eq(s.status, "archived"), isNotNull(s.archiveLocation), lte(s.archiveExpiresAt, now)),
    ne(
      s.siteState,
      sql`case when ${s.status} = 'archived' then 'removed' when ${s.status} in ('suspended', 'cancelled') then 'suspended' else 'online' end`,
    ),
  );
}

/**
 * One pass of the subscription lifecycle at the billing clock's `now` (billing-clock.ts): ends
 * cancellations that are due, renews (offline; Stripe renews by itself), retries, warns,
 * suspends, archives, forgets expired archives, brings every site to its status, and (offline)
 * issues the invoice of any paid charge that has none. Each step
 * changes a subscription only from the status it expects, so concurrent passes do each once.
 */
export async function runLifecycle(ctx: Context, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ sub: subscriptions, order: orderColumns })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(dueAt(now));
  for (const { sub, order } of due) {
    try {
      await stepSubscription(ctx, order, sub, now);
    } catch (err) {
      ctx.log.error({ err, orderId: order.id }, "subscription lifecycle step failed");
    }
  }
  if (ctx.payments.productBills) await issueMissingLocalInvoices(ctx);
  return due.length;
}

/** One subscription's pass, at once (an admin's action). */
export async function runLifecycleFor(ctx: Context, orderId: string, now: Date): Promise<void> {
  const [row] = await ctx.db
    .select({ sub: subscriptions, order: orderColumns })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(subscriptions.orderId, orderId));
  if (row) await stepSubscription(ctx, row.order, row.sub, now);
}

async function stepSubscription(ctx: Context, order: Order, start: Subscription, now: Date): Promise<void> {
  let sub = start;
  const after = (d: Date | null) => d !== null && d.getTime() <= now.getTime();
  const archiveAfterMs = ctx.config.BILLING_ARCHIVE_AFTER_DAYS * DAY_MS;

  if (after(sub.cancelAt) && (sub.status === "active" || sub.status === "past_due")) {
    const cancelled = await changeSubscription(ctx, order.id, ["active", "past_due"], {
      status: "cancelled",
      archiveAt: new Date((sub.cancelAt as Date).getTime() + archiveAfterMs),
      nextRetryAt: null,
      suspendAt: null,
      reminders: [],
    });
    if (cancelled) {
      await voidOpenInvoicesOfOrder(ctx.db, order.id);
      sub = await queueSiteState(ctx, cancelled);
      await recordSubscriptionEvent(ctx, order, sub, {
        action: "subscription-cancelled",
        details: `Résiliation effective : site hors ligne, archivage le ${day(sub.archiveAt)}.`,
        email: { template: "subscription_cancelled", vars: { archive_date: day(sub.archiveAt) } },
      });
    }
  }

  if (ctx.payments.productBills && sub.status === "active" && after(sub.currentPeriodEnd)) {
    if (sub.pendingPlanId && isPlanId(sub.pendingPlanId)) {
      const from = planById(sub.planId as never)?.name ?? sub.planId;
      sub = (await switchPlan(ctx, order, sub, sub.pendingPlanId)) ?? sub;
      await addOrderLog(ctx.db, order.id, {
        level: "info",
        action: "subscription-plan",
        details: `Changement de formule effectif : ${from} → ${planById(sub.planId as never).name}.`,
        at: now,
      });
    }
    const periodEnd = periodEndAfter(sub.billingAnchor, sub.currentPeriodEnd);
    const invoice = await insertSubscriptionInvoiceOnce(ctx.db, {
      id: crypto.randomUUID(),
      orderId: order.id,
      kind: "renewal",
      planId: sub.planId,
      amountTtcCents: sub.amountTtcCents,
      periodStart: sub.currentPeriodEnd,
      periodEnd,
      status: "open",
    });
    if (invoice) sub = (await chargeLocally(ctx, order, sub, invoice, now)).subscription;
  }

  if (ctx.payments.productBills && sub.status === "past_due" && after(sub.nextRetryAt)) {
    // Claimed by clearing the retry date: one pass charges it.
    const claimed = await claimSubscriptionRetry(ctx.db, order.id, sub.nextRetryAt as Date);
    const invoice = await openRenewal(ctx, order.id);
    if (claimed && invoice) sub = (await chargeLocally(ctx, order, claimed, invoice, now)).subscription;
  }

  if (sub.status === "past_due" && sub.suspendAt && !after(sub.suspendAt)) {
    if (daysUntil(now, sub.suspendAt) <= 1 && !sub.reminders.includes("suspend-1")) {
      const updated = await changeSubscription(ctx, order.id, ["past_due"], {
        reminders: [...sub.reminders, "suspend-1"],
      });
      if (updated) {
        sub = updated;
        await recordSubscriptionEvent(ctx, order, sub, {
          action: "subscription-suspension-warning",
          level: "warning",
          details: `Rappel envoyé : suspension le ${day(sub.suspendAt)} sans paiement.`,
          email: { template: "subscription_suspension_warning", vars: { suspend_date: day(sub.suspendAt) } },
        });
      }
    }
  }

  if (sub.status === "past_due" && after(sub.suspendAt)) {
    const suspended = await changeSubscription(ctx, order.id, ["past_due"], {
      status: "suspended",
      suspendedAt: now,
      suspendReason: NON_PAYMENT,
      archiveAt: new Date(now.getTime() + archiveAfterMs),
      nextRetryAt: null,
      reminders: [],
    });
    if (suspended) {
      sub = await queueSiteState(ctx, suspended);
      await recordSubscriptionEvent(ctx, order, sub, {
        action: "subscription-suspended",
        level: "warning",
        details: `Site suspendu pour non-paiement ; archivage le ${day(sub.archiveAt)}.`,
        email: {
          template: "subscription_suspended",
          vars: { reason: "paiement non reçu", archive_date: day(sub.archiveAt) },
        },
      });
    }
  }

  if ((sub.status === "suspended" || sub.status === "cancelled") && sub.archiveAt && !after(sub.archiveAt)) {
    const left = daysUntil(now, sub.archiveAt);
    const key = left <= 1 ? "archive-1" : left <= 7 ? "archive-7" : undefined;
    if (key && !sub.reminders.includes(key)) {
      const updated = await changeSubscription(ctx, order.id, [sub.status], {
        reminders: [...sub.reminders, key],
      });
      if (updated) {
        sub = updated;
        await recordSubscriptionEvent(ctx, order, sub, {
          action: "subscription-archive-warning",
          level: "warning",
          details: `Rappel envoyé : archivage du site le ${day(sub.archiveAt)}.`,
          email: {
            template: "subscription_archive_warning",
            vars: { days_left: String(left), archive_date: day(sub.archiveAt) },
          },
        });
      }
    }
  }

  if ((sub.status === "suspended" || sub.status === "cancelled") && after(sub.archiveAt)) {
    const archived = await changeSubscription(ctx, order.id, [sub.status], {
      status: "archived",
      archivedAt: now,
      archiveExpiresAt: new Date(now.getTime() + ctx.config.BILLING_ARCHIVE_RETENTION_DAYS * DAY_MS),
      reminders: [],
    });
    if (archived) {
      sub = await queueSiteState(ctx, archived);
      await recordSubscriptionEvent(ctx, order, sub, {
        action: "subscription-archived",
        details: `Site archivé et retiré de l'hébergement ; copie conservée jusqu'au ${day(sub.archiveExpiresAt)}.`,
        email: { template: "subscription_archived", vars: { retention_date: day(sub.archiveExpiresAt) } },
      });
    }
  }

  if (sub.status === "archived" && sub.archiveLocation && after(sub.archiveExpiresAt)) {
    await deleteFinalCopy(ctx, order);
    const forgotten = await changeSubscription(ctx, order.id, ["archived"], { archiveLocation: null });
    if (forgotten) {
      sub = forgotten;
      await addOrderLog(ctx.db, order.id, {
        level: "info",
        action: "subscription-archive-expired",
        details:
          "Durée de conservation écoulée : la copie finale et les sauvegardes du site sont supprimées.",
        at: now,
      });
    }
  }

  await queueSiteState(ctx, sub);
}
