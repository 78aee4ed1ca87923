import { cancellationEffectiveDate, prorationCents } from "@lagon/contracts/billing-dates";
import { formatDate } from "@lagon/contracts/french-date";
import { mailPlanChangeNotice, mailPlanChangeRefusal } from "@lagon/contracts/mailboxes";
import { computeTotals } from "@lagon/contracts/money";
import { featuresLost } from "@lagon/contracts/plan-kits";
import { type PlanId, planById, planIds } from "@lagon/contracts/plans";
import { quote } from "@lagon/contracts/pricing";
import { cardLabel, SUBSCRIPTION_STATUS_LABELS } from "@lagon/contracts/subscriptions";
import type { AdminSubscription, SubscriptionView } from "@lagon/contracts/subscriptions-schemas";
import { isBusinessBuyer, taxRuleFor } from "@lagon/contracts/tax";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Subscription, subscriptions } from "../db/schema.ts";
import type { OrderMailInUse } from "../mailboxes/plan-mail.ts";
import { wantedSiteState } from "./wanted-site-state.ts";

export const isPlanId = (id: string): id is PlanId => (planIds as readonly string[]).includes(id);

/** What the price of an order's plan depends on besides the plan. */
export interface PricedOrder {
  country: string;
  siret?: string | null;
  vatNumber?: string | null;
  discountPercent: number;
}

/**
 * What a plan's renewals charge for this order, taxes included: its coupon applies to the
 * subscription, its VAT rule is the buyer's territory's (decision 0029).
 */
export function planAmountTtcCents(ctx: Pick<Context, "config">, order: PricedOrder, planId: PlanId): number {
  const business = isBusinessBuyer({ siret: order.siret, vat_number: order.vatNumber });
  const rule = taxRuleFor(order.country, business, ctx.config);
  return quote({ planId, percentOff: order.discountPercent, koza: false }, rule).monthlyTotalCents;
}

/**
 * What an upgrade charges now, TTC: the monthly HT difference (coupon applied) prorated to the
 * rest of the period, then its VAT. Prorated in HT so that the invoice of this charge
 * (subscription-invoice.ts) has a whole HT amount whose TTC is exactly what was charged.
 */
export function upgradeChargeCents(
  ctx: Pick<Context, "config">,
  order: PricedOrder,
  sub: Subscription,
  planId: PlanId,
  now: Date,
): number {
  const business = isBusinessBuyer({ siret: order.siret, vat_number: order.vatNumber });
  const rule = taxRuleFor(order.country, business, ctx.config);
  const net = (p: PlanId) =>
    quote({ planId: p, percentOff: order.discountPercent, koza: false }, rule).monthlyNetCents;
  const from = isPlanId(sub.planId) ? net(sub.planId) : 0;
  const unitCents = prorationCents(from, net(planId), sub.currentPeriodStart, sub.currentPeriodEnd, now);
  return computeTotals([{ label: "", quantity: 1, unitCents, vatRateBasisPoints: rule.rateBasisPoints }])
    .totalCents;
}

export async function loadSubscription(
  ctx: Pick<Context, "db">,
  orderId: string,
): Promise<Subscription | undefined> {
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const NO_MAIL: OrderMailInUse = { mailboxes: [], aliases: [], quotas: [] };

/**
 * The subscription as its customer sees it, at the lifecycle's `now`, on the billing calendar
 * (billing-clock.ts); `mail`, the site's mailboxes and aliases, for what each plan does to them.
 */
export function subscriptionView(
  ctx: Pick<Context, "config">,
  sub: Subscription,
  order: PricedOrder,
  now: Date,
  calendar: number,
  mail: OrderMailInUse = NO_MAIL,
): SubscriptionView {
  const pending = sub.pendingPlanId && isPlanId(sub.pendingPlanId) ? sub.pendingPlanId : null;
  return {
    status: sub.status,
    status_label: SUBSCRIPTION_STATUS_LABELS[sub.status],
    plan_id: sub.planId,
    plan_name: isPlanId(sub.planId) ? planById(sub.planId).name : sub.planId,
    amount_ttc_cents: sub.amountTtcCents,
    current_period_end: sub.currentPeriodEnd.toISOString(),
    cancel_at: iso(sub.cancelAt),
    cancel_effective_if_now: cancellationEffectiveDate(sub.billingAnchor, now, calendar).toISOString(),
    pending_plan: pending
      ? {
          plan_id: pending,
          plan_name: planById(pending).name,
          amount_ttc_cents: planAmountTtcCents(ctx, order, pending),
        }
      : null,
    past_due_since: iso(sub.pastDueSince),
    suspend_at: iso(sub.suspendAt),
    archive_at: iso(sub.archiveAt),
    site_change: siteChange(sub),
    card_label: sub.testCard ? cardLabel(sub.testCard) : null,
    plan_choices: planChoices(ctx, sub, order, pending, now, mail),
  };
}

/** What the site-state job is bringing the host to, while it differs from what the status asks. */
function siteChange(sub: Subscription): SubscriptionView["site_change"] {
  const wanted = wantedSiteState(sub.status);
  if (sub.siteState === wanted) return null;
  return wanted === "online" ? "restoring" : wanted === "suspended" ? "suspending" : "archiving";
}

/**
 * The plans the order page offers (customer-actions.ts `changePlan` applies the same rules):
 * dearer ones at once with the prorated difference, cheaper ones at the period end, and the
 * current plan again only to cancel a waiting downgrade. Only an active subscription changes plan.
 * Each says what of the site it stops (a downgrade from Business: the shop, booking, statistics).
 */
function planChoices(
  ctx: Pick<Context, "config">,
  sub: Subscription,
  order: PricedOrder,
  pending: PlanId | null,
  now: Date,
  mail: OrderMailInUse,
): SubscriptionView["plan_choices"] {
  if (sub.status !== "active") return [];
  return planIds
    .filter((id) => id !== sub.planId || pending)
    .map((id) => {
      const amount = planAmountTtcCents(ctx, order, id);
      const change = id === sub.planId ? "keep" : amount > sub.amountTtcCents ? "upgrade" : "downgrade";
      return {
        plan_id: id,
        plan_name: planById(id).name,
        amount_ttc_cents: amount,
        change,
        charge_now_cents: change === "upgrade" ? upgradeChargeCents(ctx, order, sub, id, now) : 0,
        stops: featuresLost(sub.planId, id),
        ...mailOfChoice(sub, id, change, mail),
      };
    });
}

/** What a plan choice does to the site's mail, and why the server would refuse it (decision 0105). */
function mailOfChoice(
  sub: Subscription,
  to: PlanId,
  change: "upgrade" | "downgrade" | "keep",
  mail: OrderMailInUse,
): { mail: string | null; mail_refusal: string | null } {
  if (change === "keep" || !isPlanId(sub.planId)) return { mail: null, mail_refusal: null };
  const when =
    change === "upgrade" ? "tout de suite" : `le ${formatDate(sub.currentPeriodEnd.toISOString())}`;
  return {
    mail: mailPlanChangeNotice(sub.planId, to, mail.mailboxes.length, when),
    mail_refusal: mailPlanChangeRefusal(to, mail.mailboxes, mail.aliases),
  };
}

export function adminSubscriptionView(
  ctx: Pick<Context, "config">,
  sub: Subscription,
  order: PricedOrder,
  now: Date,
  calendar: number,
): AdminSubscription {
  return {
    ...subscriptionView(ctx, sub, order, now, calendar),
    suspend_reason: sub.suspendReason,
    archive_expires_at: iso(sub.archiveExpiresAt),
  };
}
