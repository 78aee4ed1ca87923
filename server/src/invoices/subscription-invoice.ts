import { addMonths, DAY_MS } from "@lagon/contracts/billing-dates";
import { formatDate, formatIsoDate } from "@lagon/contracts/french-date";
import { computeTotals } from "@lagon/contracts/money";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { checkoutLines } from "@lagon/contracts/pricing";
import { isBusinessBuyer, type TaxRule, taxRuleFor } from "@lagon/contracts/tax";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { invoices, type Order, orders, sites, subscriptionInvoices } from "../db/schema.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { type InvoiceLineInput, type IssuedInvoice, issueInvoice } from "./issue-invoice.ts";

/**
 * The one HT line whose TTC at `rateBasisPoints` is exactly `chargedCents` (HT + VAT rounded
 * grows with HT, so there is at most one); undefined when no whole HT amount gives that TTC.
 * For amounts computed elsewhere (a provider's proration, a partial refund): the invoice then
 * states the money that really moved.
 */
export function lineCharging(
  label: string,
  chargedCents: number,
  rateBasisPoints: number,
): InvoiceLineInput | undefined {
  const guess = Math.round((chargedCents * 10_000) / (10_000 + rateBasisPoints));
  for (const unitCents of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    const line = { label, quantity: 1, unitCents };
    if (computeTotals([{ ...line, vatRateBasisPoints: rateBasisPoints }]).totalCents === chargedCents)
      return line;
  }
  return undefined;
}

/** A billing period as invoices print it: its first day to the day before it ends, on La Réunion's clock. */
export function invoicePeriod(start: Date, end: Date): { start: string; end: string } {
  return { start: formatIsoDate(start), end: formatIsoDate(new Date(end.getTime() - DAY_MS)) };
}

/** The VAT rule an order is billed at today (decision 0029). */
export function orderTaxRule(ctx: Pick<Context, "config">, order: Order): TaxRule {
  return taxRuleFor(
    order.country,
    isBusinessBuyer({ siret: order.siret, vat_number: order.vatNumber }),
    ctx.config,
  );
}

/** The label of a plan change's prorated charge. */
export function prorationLabel(planId: PlanId, from: Date, to: Date): string {
  return `Passage à la formule ${planById(planId).name} — différence au prorata du ${formatDate(from)} au ${formatDate(new Date(to.getTime() - DAY_MS))}`;
}

/** Our invoice of a payment already issued for this reference, if any (no lock, no work). */
export async function issuedFor(
  ctx: Pick<Context, "db">,
  sourceRef: string,
): Promise<IssuedInvoice | undefined> {
  const [found] = await ctx.db
    .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents })
    .from(invoices)
    .where(eq(invoices.sourceRef, sourceRef));
  return found && { ...found, created: false };
}

/**
 * Offline: the invoice of a renewal or an upgrade's proration the product charged itself
 * (charge-locally.ts), once per charge (`subscription-invoice:<id>`), dated when it was paid (the
 * billing clock's time); a renewal paid after its period is over bills the fresh month it
 * starts. Undefined while the charge is not paid.
 */
export async function issueLocalSubscriptionInvoice(
  ctx: Pick<Context, "config" | "db" | "payments" | "log">,
  order: Order,
  chargeId: string,
): Promise<IssuedInvoice | undefined> {
  const sourceRef = `subscription-invoice:${chargeId}`;
  const done = await issuedFor(ctx, sourceRef);
  if (done) return done;
  const [charge] = await ctx.db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.id, chargeId));
  if (charge?.status !== "paid" || !charge.paidAt) return undefined;
  const paidAt = charge.paidAt;
  const rule = orderTaxRule(ctx, order);
  const planId = charge.planId as PlanId;
  const stale = charge.periodEnd.getTime() <= paidAt.getTime();
  const period = stale
    ? invoicePeriod(paidAt, addMonths(paidAt, 1))
    : invoicePeriod(charge.periodStart, charge.periodEnd);
  let lines: InvoiceLineInput[];
  if (charge.kind === "proration") {
    const line = lineCharging(
      prorationLabel(planId, charge.periodStart, charge.periodEnd),
      charge.amountTtcCents,
      rule.rateBasisPoints,
    );
    if (!line) throw new Error(`proration ${charge.id} charged a TTC no HT amount gives`);
    lines = [line];
  } else {
    lines = checkoutLines({ planId, percentOff: order.discountPercent, koza: false }, rule).map(
      ({ vatRateBasisPoints: _, ...line }) => line,
    );
  }
  return issueInvoice(ctx, {
    orderId: order.id,
    kind: charge.kind === "proration" ? "proration" : "renewal",
    sourceRef,
    lines,
    paidAt,
    paymentMethod: ctx.payments.paymentMethodLabel,
    period,
    chargedCents: charge.amountTtcCents,
    taxRuleId: rule.id,
  });
}

/**
 * Offline: issues the invoice of every paid charge that has none (a process that stopped between
 * the payment and its invoice); the lifecycle runs it on each pass. Answers how many it issued.
 */
export async function issueMissingLocalInvoices(
  ctx: Pick<Context, "config" | "db" | "payments" | "log">,
): Promise<number> {
  const missing = await ctx.db
    .select({ charge: subscriptionInvoices.id, order: orderColumns })
    .from(subscriptionInvoices)
    .innerJoin(orders, eq(orders.id, subscriptionInvoices.orderId))
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(invoices, eq(invoices.sourceRef, sql`'subscription-invoice:' || ${subscriptionInvoices.id}`))
    .where(
      and(
        eq(subscriptionInvoices.status, "paid"),
        inArray(subscriptionInvoices.kind, ["renewal", "proration"]),
        isNull(subscriptionInvoices.providerInvoiceId),
        isNull(invoices.id),
      ),
    );
  let issued = 0;
  for (const { charge, order } of missing) {
    try {
      if ((await issueLocalSubscriptionInvoice(ctx, order, charge))?.created) issued++;
    } catch (err) {
      ctx.log.error({ err, orderId: order.id, charge }, "invoice of a paid renewal not issued");
    }
  }
  return issued;
}
