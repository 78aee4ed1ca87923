import { formatDate } from "@lagon/contracts/french-date";
import { planById } from "@lagon/contracts/plans";
import { cardLabel, SUBSCRIPTION_MESSAGES } from "@lagon/contracts/subscriptions";
import type { InvoiceView, PortalCardResult, TestPortalView } from "@lagon/contracts/subscriptions-schemas";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import {
  billingPortalSessions,
  invoices,
  type Order,
  orders,
  sites,
  subscriptionInvoices,
} from "../db/schema.ts";
import type { InvoiceContent } from "../invoices/invoice-content.ts";
import { invoicePeriod } from "../invoices/subscription-invoice.ts";
import { notFound } from "../lib/app-error.ts";
import { dashboardUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { billingNow } from "./billing-clock.ts";
import { chargeLocally, openRenewal } from "./charge-locally.ts";
import type { Actor } from "./record-event.ts";
import { loadSubscription, subscriptionView } from "./subscription-view.ts";
import { updateSubscription } from "./subscriptions-table.ts";
import { knownTestCard } from "./test-cards.ts";

/**
 * Where the customer manages card and invoices: Stripe's Customer Portal, or offline the local
 * portal page (`/portail-test/{id}`, served by the web app from `GET /api/test-portal/{id}`).
 * Back to the order page, opened with the token the customer came with.
 */
export async function billingPortalUrl(
  ctx: Pick<Context, "config" | "payments">,
  order: Order,
  token: string,
): Promise<string> {
  const returnUrl = dashboardUrl(ctx, order.id, token);
  return ctx.payments.portalUrl(order, returnUrl);
}

/** A live local portal session with its order and subscription; 404 in French otherwise. */
export async function portalSession(ctx: Pick<Context, "db">, portalSessionId: string) {
  const [row] = await ctx.db
    .select({ session: billingPortalSessions, order: orderColumns })
    .from(billingPortalSessions)
    .innerJoin(orders, eq(orders.id, billingPortalSessions.orderId))
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(eq(billingPortalSessions.id, portalSessionId));
  if (!row || row.session.expiresAt.getTime() < Date.now())
    throw notFound(SUBSCRIPTION_MESSAGES.portalExpired);
  const sub = await loadSubscription(ctx, row.order.id);
  if (!sub) throw notFound(SUBSCRIPTION_MESSAGES.noSubscription);
  return { ...row, sub };
}

const INVOICE_STATUS = { open: "À payer", paid: "Payée", void: "Annulée" } as const;
const KIND_LABEL = { first: "Commande", renewal: "Abonnement", proration: "Changement de formule" } as const;

/** A day of an invoice's period ("YYYY-MM-DD", La Réunion's calendar) as the invoice prints it. */
const periodDay = (iso: string) => formatDate(`${iso}T12:00:00+04:00`);

/**
 * The local portal's page: the subscription, the card on file and every charge, newest first.
 * A paid charge shows what its invoice says: the first one is the whole checkout (Koza included)
 * and every period ends, as printed, the day before the next one starts.
 */
export async function describeTestPortal(
  ctx: Pick<Context, "config" | "db" | "payments">,
  portalSessionId: string,
): Promise<TestPortalView> {
  const { session, order, sub } = await portalSession(ctx, portalSessionId);
  const charges = await ctx.db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.orderId, order.id))
    .orderBy(desc(subscriptionInvoices.createdAt), desc(subscriptionInvoices.periodStart));
  const documents = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
  const documentOf = (charge: (typeof charges)[number]) =>
    documents.find((d) =>
      charge.kind === "first" ? d.origin === "checkout" : d.sourceRef === `subscription-invoice:${charge.id}`,
    );
  return {
    portal_session_id: session.id,
    subdomain: order.subdomain,
    customer_email: order.customerEmail,
    subscription: subscriptionView(ctx, sub, order, await billingNow(ctx), ctx.payments.billingCalendar),
    card_label: cardLabel(sub.testCard ?? "4242424242424242"),
    invoices: charges.map((i): InvoiceView => {
      const document = documentOf(i);
      const period =
        document?.periodStart && document.periodEnd
          ? { start: document.periodStart, end: document.periodEnd }
          : invoicePeriod(i.periodStart, i.periodEnd);
      const withKoza = (document?.content as InvoiceContent | undefined)?.totals.lines.some((l) =>
        l.label.startsWith("Koza"),
      );
      return {
        id: i.id,
        kind: i.kind,
        label: `${KIND_LABEL[i.kind]} ${planById(i.planId as never).name}${withKoza ? " + Koza" : ""} — du ${periodDay(period.start)} au ${periodDay(period.end)}`,
        amount_ttc_cents: document?.totalCents ?? i.amountTtcCents,
        status: i.status,
        status_label: INVOICE_STATUS[i.status],
        attempts: i.attempts,
        period_start: i.periodStart.toISOString(),
        period_end: i.periodEnd.toISOString(),
        created_at: i.createdAt.toISOString(),
        paid_at: i.paidAt?.toISOString() ?? null,
      };
    }),
    return_url: session.returnUrl,
    expires_at: session.expiresAt.toISOString(),
  };
}

/** Replaces the card on file and charges the open invoice with it at once (Stripe does the same). */
export async function replaceTestCard(
  ctx: Context,
  portalSessionId: string,
  card: string,
  actor: Actor,
): Promise<PortalCardResult> {
  const number = knownTestCard(card);
  const { order, sub } = await portalSession(ctx, portalSessionId);
  const updated = await updateSubscription(ctx.db, order.id, { testCard: number });
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "subscription-card",
    details: `Carte de paiement remplacée (${cardLabel(number)}).`,
    at: await billingNow(ctx),
  });
  let current = updated ?? sub;
  const invoice = await openRenewal(ctx, order.id);
  let retry: PortalCardResult["retry"] = "none";
  if (invoice) {
    const now = await billingNow(ctx);
    const outcome = await chargeLocally(ctx, order, current, invoice, now, actor);
    current = outcome.subscription;
    retry = outcome.paid ? "paid" : "declined";
  }
  const now = await billingNow(ctx);
  return {
    detail:
      retry === "declined"
        ? `${SUBSCRIPTION_MESSAGES.cardUpdated} ${SUBSCRIPTION_MESSAGES.cardDeclined}`
        : retry === "paid"
          ? `${SUBSCRIPTION_MESSAGES.cardUpdated} La facture en attente est payée.`
          : SUBSCRIPTION_MESSAGES.cardUpdated,
    card_label: cardLabel(number),
    retry,
    subscription: subscriptionView(ctx, current, order, now, ctx.payments.billingCalendar),
  };
}
