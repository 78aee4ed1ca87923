import { and, desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import {
  type Order,
  type Subscription,
  type SubscriptionInvoice,
  subscriptionInvoices,
} from "../db/schema.ts";
import { issueLocalSubscriptionInvoice } from "../invoices/subscription-invoice.ts";
import type { PlanChange } from "../payments/payment-provider.ts";
import { invoiceFailed, invoicePaid } from "./payment-outcomes.ts";
import type { Actor } from "./record-event.ts";
import { insertSubscriptionInvoice, voidInvoice } from "./subscription-invoices-table.ts";
import { cardDeclined, testCardPays } from "./test-cards.ts";

/**
 * Offline only: an upgrade's prorated difference, invoiced and charged at once; a refused card
 * voids the invoice and refuses the change (cardDeclined), nothing else changed.
 */
export async function chargeUpgradeLocally(ctx: Context, change: PlanChange): Promise<void> {
  const { order, sub, to, difference, now, actor } = change;
  const invoice = await insertSubscriptionInvoice(ctx.db, {
    id: crypto.randomUUID(),
    orderId: order.id,
    kind: "proration",
    planId: to,
    amountTtcCents: difference,
    periodStart: now,
    periodEnd: sub.currentPeriodEnd,
    status: "open",
  });
  if (!invoice) throw new Error("proration invoice not created");
  const { paid } = await chargeLocally(ctx, order, sub, invoice, now, actor);
  if (!paid) {
    await voidInvoice(ctx.db, invoice.id);
    throw cardDeclined();
  }
}

/**
 * Offline only: charges an open invoice to the card on file (test-cards.ts), as Stripe would,
 * and records the outcome; a payment gets our invoice (once per charge, whoever charged it).
 * Answers whether it was paid.
 */
export async function chargeLocally(
  ctx: Context,
  order: Order,
  sub: Subscription,
  invoice: SubscriptionInvoice,
  now: Date,
  actor?: Actor,
): Promise<{ paid: boolean; subscription: Subscription }> {
  if (!ctx.payments.productBills) throw new Error("only the local provider is charged by the product");
  if (testCardPays(sub.testCard, false)) {
    const subscription = await invoicePaid(ctx, order, sub, invoice, now, actor);
    await issueLocalSubscriptionInvoice(ctx, order, invoice.id);
    return { paid: true, subscription };
  }
  return {
    paid: false,
    subscription: await invoiceFailed(ctx, order, sub, invoice, now, "carte refusée", actor),
  };
}

/** The subscription's unpaid renewal, if any (at most one is open at a time). */
export async function openRenewal(
  ctx: Pick<Context, "db">,
  orderId: string,
): Promise<SubscriptionInvoice | undefined> {
  const [invoice] = await ctx.db
    .select()
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.orderId, orderId),
        eq(subscriptionInvoices.status, "open"),
        eq(subscriptionInvoices.kind, "renewal"),
      ),
    )
    .orderBy(desc(subscriptionInvoices.createdAt))
    .limit(1);
  return invoice;
}
