import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { DAY_MS } from "@lagon/contracts/billing-dates";
import { formatIsoDate } from "@lagon/contracts/french-date";
import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder, ordersNamed } from "../../test/factories.ts";
import { startFakeStripeApi } from "../../test/fake-stripe-api.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import {
  emailLog,
  type InvoiceRow,
  invoices,
  mailAliases,
  mailboxes,
  orderLogs,
  subscriptionInvoices,
  subscriptions,
} from "../db/schema.ts";
import type { InvoiceContent } from "../invoices/invoice-content.ts";
import { issueInvoice, verifyInvoiceChain } from "../invoices/issue-invoice.ts";
import { magicLinkToken, magicLinkUrl } from "../orders/magic-link.ts";
import { findOrder } from "../orders/orders-table.ts";
import { runLifecycle } from "./run-lifecycle.ts";
import { siteStateJob, siteStatePending } from "./site-state-job.ts";
import { reconcileWithStripe } from "./stripe-reconcile-job.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
const PRICE = { starter: "price_starter_live", business: "price_business_live", libre: "price_libre_live" };
const stripe = new Stripe("sk_test_fake");
const DAY = 86_400;
const unixNow = () => Math.floor(Date.now() / 1000);
type Plan = keyof typeof PRICE;

/**
 * The subscription events of Stripe, signed as Stripe signs them, against a local stand-in for
 * Stripe's API: each delivered twice and out of order, each must end in Stripe's state with one
 * e-mail per real change.
 */
describe("subscriptions with Stripe (its API faked at the HTTP edge)", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripeApi>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let n = 0;
  let ip = 0;
  const remoteAddress = () => `10.7.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  beforeAll(async () => {
    fake = await startFakeStripeApi();
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: PRICE.starter,
      STRIPE_PRICE_BUSINESS: PRICE.business,
      STRIPE_PRICE_LIBRE: PRICE.libre,
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /**
   * A webhook, an admin's action or the lifecycle only queues the host's change (no worker in
   * this file): it is queued, and the job, run here, applies it.
   */
  const hostApplied = async (orderId: string) => {
    expect(await siteStatePending(t.ctx, orderId)).toBe(true);
    const run = { name: siteStateJob.name, id: randomUUID(), retryCount: 0, retryLimit: 0 };
    await siteStateJob.handle({ orderId }, t.ctx, run);
  };

  /** Delivers an event about `object` (Stripe sends the object as it was: we re-read it). */
  const deliver = async (type: string, object: { id: string; object: string }, eventId?: string) => {
    const payload = JSON.stringify({
      id: eventId ?? `evt_${++n}`,
      object: "event",
      type,
      created: unixNow(),
      data: { object: { ...object, status: "stale copy, must be re-read" } },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { received: true; duplicate?: true };
  };
  const sub = async (orderId: string) => {
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const order = async (orderId: string) => {
    const row = await findOrder(t.ctx.db, orderId);
    if (!row) throw new Error("no order");
    return row;
  };
  const emails = async (orderId: string, template?: string) =>
    (
      await t.ctx.db
        .select()
        .from(emailLog)
        .where(
          template
            ? and(eq(emailLog.orderId, orderId), eq(emailLog.template, template))
            : eq(emailLog.orderId, orderId),
        )
    ).map((e) => e.template);
  const logs = async (orderId: string, action: string) =>
    (
      await t.ctx.db
        .select()
        .from(orderLogs)
        .where(and(eq(orderLogs.orderId, orderId), eq(orderLogs.action, action)))
    ).map((l) => l.details);
  const suspendedMarker = (subdomain: string) =>
    existsSync(path.join(t.ctx.config.DATA_DIR, "site-suspended", subdomain));

  /** A paid order whose Stripe subscription started `startedDaysAgo` days ago, linked as checkout links it. */
  const givenStripeOrder = async (plan: Plan = "business", startedDaysAgo = 10) => {
    const subId = `sub_t${++n}`;
    const customer = `cus_t${n}`;
    fake.putSubscription({ id: subId, customer, price: PRICE[plan], startedDaysAgo });
    const orderId = await givenPaidOrder(t.ctx, {
      planId: plan,
      stripeSubscriptionId: subId,
      stripeCustomerId: customer,
    });
    await t.ctx.payments.linkSubscription(t.ctx, orderId);
    return { orderId, subId, customer, stripeSub: fake.subscription(subId) };
  };

  /** Stripe renews: a new period and its invoice, paid or not (`attempts` tries so far). */
  const renew = (
    subId: string,
    invoice: {
      status: "open" | "paid";
      attempts: number;
      intent?: "requires_payment_method" | "requires_action" | "succeeded";
      price?: string;
    },
  ) => {
    const s = fake.subscription(subId);
    const item = s.items.data[0] as {
      current_period_start: number;
      current_period_end: number;
      price: { id: string };
    };
    const start = item.current_period_end;
    Object.assign(item, { current_period_start: start, current_period_end: start + 30 * DAY });
    const id = `in_${subId}_${start}`;
    s.latest_invoice = id;
    s.status = invoice.status === "paid" ? "active" : "past_due";
    return fake.putInvoice({
      id,
      subscription: subId,
      billing_reason: "subscription_cycle",
      status: invoice.status,
      price: invoice.price ?? item.price.id,
      period: [start, start + 30 * DAY],
      total: 5425,
      attempt_count: invoice.attempts,
      intent: invoice.intent,
      next_payment_attempt: invoice.status === "open" ? unixNow() + 3 * DAY : null,
    });
  };
  const invoiceRef = (id: string) => ({ id, object: "invoice" });
  const subRef = (id: string) => ({ id, object: "subscription" });

  it("links the subscription at checkout: Stripe's periods and anchor, its first invoice, no e-mail", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      remoteAddress: remoteAddress(),
      payload: {
        plan_id: PRICE.starter,
        customer_data: {
          email: "lea@example.re",
          name: "Léa",
          immediate_start: true,
          domain: "lea-stripe.localhost",
          plan: "Starter",
        },
        success_url: "http://localhost:3000/success",
        cancel_url: "http://localhost:3000/services",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = res.json().checkout_url.split("/").at(-1) as string;
    fake.markPaid(sessionId, "sub_checkout");
    await deliver("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    const [placed] = await ordersNamed(t.ctx.db, "lea-stripe");
    const orderId = placed?.id as string;
    expect(placed).toMatchObject({ stripeSubscriptionId: "sub_checkout", stripeCustomerId: "cus_fake" });
    const item = fake.subscription("sub_checkout").items.data[0];
    expect(await sub(orderId)).toMatchObject({
      status: "active",
      planId: "starter",
      billingAnchor: new Date((fake.subscription("sub_checkout").billing_cycle_anchor as number) * 1000),
      currentPeriodStart: new Date((item?.current_period_start ?? 0) * 1000),
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    });
    const invoices = await t.ctx.db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.orderId, orderId));
    expect(invoices).toMatchObject([
      { kind: "first", status: "paid", providerInvoiceId: "in_first_sub_checkout" },
    ]);

    // Stripe's invoice.paid for the checkout's own invoice: neither a renewal nor an e-mail.
    for (let i = 0; i < 2; i++)
      await deliver("invoice.paid", invoiceRef("in_first_sub_checkout"), "evt_first_paid");
    await deliver("invoice.paid", invoiceRef("in_first_sub_checkout"));
    expect(await emails(orderId)).toEqual([]);
    expect(await logs(orderId, "subscription-renewed")).toEqual([]);
  });

  it("renewal declined, then 3-D Secure, then paid: past due with our grace, one e-mail per attempt, duplicates and late events change nothing", async () => {
    const { orderId, subId } = await givenStripeOrder("business", 31);
    const first = renew(subId, { status: "open", attempts: 1 });
    const failed1 = `evt_failed_${subId}`;
    const told = Date.now();
    expect(await deliver("invoice.payment_failed", invoiceRef(first.id), failed1)).toEqual({
      received: true,
    });
    expect(await deliver("invoice.payment_failed", invoiceRef(first.id), failed1)).toEqual({
      received: true,
      duplicate: true,
    });
    // The same attempt told again and again at once (other events re-read it too).
    await Promise.all([
      deliver("invoice.payment_failed", invoiceRef(first.id), failed1),
      deliver("invoice.payment_failed", invoiceRef(first.id)),
      deliver("customer.subscription.updated", subRef(subId)),
      deliver("customer.subscription.updated", subRef(subId)),
      deliver("invoice.payment_failed", invoiceRef(first.id)),
    ]);
    const late = await sub(orderId);
    const read = Date.now();
    expect(late.status).toBe("past_due");
    // 14 days from when the first failure was handled, between the first delivery and now.
    expect(late.suspendAt?.getTime()).toBeGreaterThanOrEqual(told + 14 * DAY_MS);
    expect(late.suspendAt?.getTime()).toBeLessThanOrEqual(read + 14 * DAY_MS);
    expect(await emails(orderId)).toEqual(["subscription_payment_failed"]);
    const [mail] = await t.ctx.db.select().from(emailLog).where(eq(emailLog.orderId, orderId));
    expect(mail?.html).toContain("tentative n° 1");
    expect(mail?.html).toContain("Nous réessaierons le");

    // Attempt 2 needs the customer's bank (3-D Secure): Stripe sends both events for it.
    Object.assign(first, { attempt_count: 2 });
    const payment = (first.payments as { data: { payment: { payment_intent: { status: string } } }[] })
      .data[0];
    if (payment) payment.payment.payment_intent.status = "requires_action";
    await deliver("invoice.payment_action_required", invoiceRef(first.id));
    await deliver("invoice.payment_failed", invoiceRef(first.id));
    await deliver("invoice.payment_action_required", invoiceRef(first.id));
    expect(await emails(orderId)).toEqual([
      "subscription_payment_failed",
      "subscription_payment_action_required",
    ]);
    const [action] = await t.ctx.db
      .select()
      .from(emailLog)
      .where(
        and(eq(emailLog.orderId, orderId), eq(emailLog.template, "subscription_payment_action_required")),
      );
    expect(action?.html).toContain(`https://invoice.stripe.com/i/acct_fake/${first.id}`);
    expect((await sub(orderId)).suspendAt).toEqual(late.suspendAt);

    // Paid at attempt 3. invoice.paid arrives first; the failure of attempt 1 comes again late,
    // under another event id too: the invoice re-read is paid, nothing moves back.
    Object.assign(first, { status: "paid", attempt_count: 3 });
    Object.assign(fake.subscription(subId), { status: "active" });
    const paid = `evt_paid_${subId}`;
    await deliver("invoice.paid", invoiceRef(first.id), paid);
    await deliver("invoice.payment_failed", invoiceRef(first.id), failed1);
    await deliver("invoice.payment_failed", invoiceRef(first.id));
    await deliver("invoice.paid", invoiceRef(first.id), paid);
    await deliver("customer.subscription.updated", subRef(subId));
    const back = await sub(orderId);
    expect(back).toMatchObject({
      status: "active",
      pastDueSince: null,
      suspendAt: null,
      siteState: "online",
    });
    const item = fake.subscription(subId).items.data[0];
    expect(back.currentPeriodEnd).toEqual(new Date((item?.current_period_end ?? 0) * 1000));
    expect(await emails(orderId)).toEqual([
      "subscription_payment_failed",
      "subscription_payment_action_required",
      "subscription_reactivated",
    ]);
    const [row] = await t.ctx.db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.providerInvoiceId, first.id));
    expect(row).toMatchObject({ kind: "renewal", status: "paid", amountTtcCents: 5425 });

    // A month later the next renewal is paid at once; its invoice.paid comes before a failure
    // event of the older invoice, delayed for days: the period moves on, never back.
    const next = renew(subId, { status: "paid", attempts: 1 });
    await deliver("invoice.paid", invoiceRef(next.id));
    await deliver("invoice.payment_failed", invoiceRef(first.id));
    await deliver("invoice.paid", invoiceRef(first.id));
    expect(await sub(orderId)).toMatchObject({
      status: "active",
      currentPeriodEnd: new Date((fake.subscription(subId).items.data[0]?.current_period_end ?? 0) * 1000),
    });
    expect(await logs(orderId, "subscription-renewed")).toHaveLength(1);
    expect(await emails(orderId)).toHaveLength(3);
  });

  it("keeps our grace when Stripe gives up first: unpaid or cancelled for non-payment, the site goes off only at suspend_at", async () => {
    const { orderId, subId } = await givenStripeOrder("starter", 31);
    const invoice = renew(subId, { status: "open", attempts: 1 });
    await deliver("invoice.payment_failed", invoiceRef(invoice.id));
    const { suspendAt } = await sub(orderId);
    if (!suspendAt) throw new Error("no suspend_at");
    const subdomain = (await order(orderId)).subdomain;

    // Stripe's retries are over after a week: it marks the subscription unpaid, then cancels it.
    Object.assign(invoice, { attempt_count: 4, next_payment_attempt: null });
    Object.assign(fake.subscription(subId), { status: "unpaid" });
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("invoice.payment_failed", invoiceRef(invoice.id));
    expect(await emails(orderId, "subscription_payment_failed")).toHaveLength(2);
    const [lastMail] = (
      await t.ctx.db.select().from(emailLog).where(eq(emailLog.orderId, orderId)).orderBy(emailLog.createdAt)
    ).slice(-1);
    expect(lastMail?.html).toContain("Nous ne ferons plus de nouvelle tentative automatique.");
    Object.assign(fake.subscription(subId), {
      status: "canceled",
      ended_at: unixNow(),
      canceled_at: unixNow(),
      cancellation_details: { reason: "payment_failed" },
    });
    await deliver("customer.subscription.deleted", subRef(subId));
    await deliver("customer.subscription.deleted", subRef(subId));
    expect(await sub(orderId)).toMatchObject({
      status: "past_due",
      cancelAt: suspendAt,
      siteState: "online",
    });
    expect(suspendedMarker(subdomain)).toBe(false);

    await runLifecycle(t.ctx, new Date(suspendAt.getTime() - 60 * 60_000));
    expect((await sub(orderId)).status).toBe("past_due");
    expect(await emails(orderId, "subscription_suspension_warning")).toHaveLength(1);
    await runLifecycle(t.ctx, new Date(suspendAt.getTime() + 60_000));
    await hostApplied(orderId);
    expect(await sub(orderId)).toMatchObject({ status: "cancelled", siteState: "suspended" });
    expect(suspendedMarker(subdomain)).toBe(true);
    expect(await emails(orderId, "subscription_cancelled")).toHaveLength(1);
  });

  it("suspends after the grace when Stripe keeps it unpaid, and a late payment brings the site back at once", async () => {
    const { orderId, subId } = await givenStripeOrder("business", 31);
    const invoice = renew(subId, { status: "open", attempts: 1 });
    await deliver("invoice.payment_failed", invoiceRef(invoice.id));
    const { suspendAt } = await sub(orderId);
    if (!suspendAt) throw new Error("no suspend_at");
    Object.assign(fake.subscription(subId), { status: "unpaid" });
    await deliver("customer.subscription.updated", subRef(subId));
    await runLifecycle(t.ctx, new Date(suspendAt.getTime() + 60_000));
    await hostApplied(orderId);
    expect(await sub(orderId)).toMatchObject({
      status: "suspended",
      suspendReason: "non-paiement",
      siteState: "suspended",
    });
    const subdomain = (await order(orderId)).subdomain;
    expect(suspendedMarker(subdomain)).toBe(true);

    Object.assign(invoice, { status: "paid", attempt_count: 5 });
    Object.assign(fake.subscription(subId), { status: "active" });
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("invoice.paid", invoiceRef(invoice.id));
    await hostApplied(orderId);
    expect(await sub(orderId)).toMatchObject({ status: "active", siteState: "online", suspendReason: null });
    expect(suspendedMarker(subdomain)).toBe(false);
    expect(await emails(orderId, "subscription_reactivated")).toHaveLength(1);
  });

  it("follows cancellations and plan changes made at Stripe (portal, dashboard), once each", async () => {
    const { orderId, subId, stripeSub } = await givenStripeOrder("business", 5);
    const item = stripeSub.items.data[0] as { current_period_end: number; price: { id: string } };
    const periodEnd = new Date(item.current_period_end * 1000);

    // Cancelled in the Customer Portal at the period end, delivered twice plus a stale event.
    Object.assign(stripeSub, { cancel_at_period_end: true, cancel_at: item.current_period_end });
    const cancelled = `evt_cancel_${subId}`;
    await deliver("customer.subscription.updated", subRef(subId), cancelled);
    await deliver("customer.subscription.updated", subRef(subId), cancelled);
    await deliver("customer.subscription.updated", subRef(subId));
    expect((await sub(orderId)).cancelAt).toEqual(periodEnd);
    expect(await emails(orderId)).toEqual(["subscription_cancel_scheduled"]);

    // Undone in the portal.
    Object.assign(stripeSub, { cancel_at_period_end: false, cancel_at: null });
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("customer.subscription.updated", subRef(subId));
    expect((await sub(orderId)).cancelAt).toBeNull();
    expect(await emails(orderId)).toEqual(["subscription_cancel_scheduled", "subscription_cancel_undone"]);

    // Downgraded at Stripe: waits for the period end, then takes effect with the renewal.
    item.price = { id: PRICE.starter };
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("customer.subscription.updated", subRef(subId));
    expect(await sub(orderId)).toMatchObject({ planId: "business", pendingPlanId: "starter" });
    expect(await emails(orderId, "subscription_plan_changed")).toHaveLength(1);
    const renewal = renew(subId, { status: "paid", attempts: 1 });
    await deliver("invoice.paid", invoiceRef(renewal.id));
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("invoice.paid", invoiceRef(renewal.id));
    expect(await sub(orderId)).toMatchObject({
      planId: "starter",
      pendingPlanId: null,
      amountTtcCents: 2170,
    });
    expect((await order(orderId)).planId).toBe("starter");
    expect(await emails(orderId, "subscription_plan_changed")).toHaveLength(1);
    expect(await logs(orderId, "subscription-renewed")).toHaveLength(1);

    // Upgraded in Stripe's dashboard: at once, one e-mail.
    item.price = { id: PRICE.business };
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("customer.subscription.updated", subRef(subId));
    expect(await sub(orderId)).toMatchObject({
      planId: "business",
      pendingPlanId: null,
      amountTtcCents: 5425,
    });
    expect(await emails(orderId, "subscription_plan_changed")).toHaveLength(2);
  });

  it("a switch to Libre made at Stripe keeps the site's addresses working, alerts the agency once and tells the customer (decision 0110)", async () => {
    const { orderId, subId, stripeSub } = await givenStripeOrder("starter", 5);
    const { subdomain } = await order(orderId);
    const domain = `${subdomain}.${t.ctx.config.BASE_DOMAIN}`;
    await t.ctx.db.insert(mailboxes).values(
      ["contact", "devis"].map((l) => ({
        orderId,
        address: `${l}@${domain}`,
        passwordHash: "{ARGON2ID}x",
        quotaBytes: 5 * 1024 ** 3,
      })),
    );
    await t.ctx.db
      .insert(mailAliases)
      .values({ orderId, address: `info@${domain}`, target: `contact@${domain}` });
    const addresses = [`contact@${domain}`, `devis@${domain}`, `info@${domain}`];

    // Downgraded to Libre in Stripe's dashboard (the order page would have refused it): the
    // switch happens at the renewal, each event delivered twice.
    const item = stripeSub.items.data[0] as { price: { id: string } };
    item.price = { id: PRICE.libre };
    await deliver("customer.subscription.updated", subRef(subId));
    const renewal = renew(subId, { status: "paid", attempts: 1 });
    await deliver("invoice.paid", invoiceRef(renewal.id));
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("customer.subscription.updated", subRef(subId));
    expect(await sub(orderId)).toMatchObject({ planId: "libre", pendingPlanId: null });

    // Nothing deleted; the agency told once, in the order's log and by e-mail, naming them.
    const said = MAILBOX_MESSAGES.outsidePlanAgency("Libre", addresses);
    expect(said).toContain(`en service : ${addresses[0]}, ${addresses[1]} et ${addresses[2]}.`);
    expect(await t.ctx.db.select().from(mailboxes).where(eq(mailboxes.orderId, orderId))).toHaveLength(2);
    expect((await logs(orderId, "mailbox")).filter((l) => l === said)).toHaveLength(1);
    const alerts = await t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, orderId), eq(emailLog.template, "mail_outside_plan_agency")));
    expect(alerts.map((e) => `${e.recipient} ${e.subject}`)).toEqual([
      `${t.ctx.config.AGENCY_EMAIL} [Alerte] Adresses e-mail hors formule : ${subdomain}`,
    ]);
    // The customer is told once too, by e-mail: still working, no longer in the plan, what to do,
    // and the link to the order page (decision 0113).
    const told = await t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, orderId), eq(emailLog.template, "mail_outside_plan_customer")));
    const shown = await order(orderId);
    expect(told.map((e) => `${e.recipient} ${e.subject}`)).toEqual([
      `${shown.customerEmail} Vos adresses e-mail ne sont plus comprises dans votre formule Libre`,
    ]);
    const body = t.ctx.secrets.open(told[0]?.sealedHtml as string);
    expect(body).toContain(
      `encore des adresses e-mail : ${addresses[0]}, ${addresses[1]} et ${addresses[2]}.`,
    );
    expect(body).toContain("Elles fonctionnent toujours");
    expect(body).toContain("reprenez la formule Starter ou Business");
    expect(body).toContain("puis supprimez ces adresses");
    expect(body).toContain(magicLinkUrl(t.ctx, shown).replaceAll("&", "&amp;"));

    // The admin's order card carries it while they stay; the customer's page explains it.
    const card = async () =>
      (await t.app.inject({ url: `/api/admin/orders?token=${TEST_ADMIN_TOKEN}` }))
        .json()
        .orders.find((o: { order_id: string }) => o.order_id === orderId).mail_alert;
    expect(await card()).toBe(said);
    const list = await t.app.inject({
      url: `/api/order/${orderId}/mailboxes?token=${await magicLinkToken(t.ctx, await order(orderId))}`,
    });
    expect(list.json()).toMatchObject({
      outside_plan: MAILBOX_MESSAGES.outsidePlan("Libre", addresses),
      mailboxes: [{ address: addresses[0] }, { address: addresses[1] }],
    });
    await t.ctx.db.delete(mailboxes).where(eq(mailboxes.orderId, orderId));
    await t.ctx.db.delete(mailAliases).where(eq(mailAliases.orderId, orderId));
    expect(await card()).toBeNull();
  });

  it("customer.subscription.deleted: offline at once, archived 30 days later; stale updates after it change nothing", async () => {
    const { orderId, subId, stripeSub } = await givenStripeOrder("business", 3);
    const subdomain = (await order(orderId)).subdomain;
    Object.assign(stripeSub, { status: "canceled", ended_at: unixNow(), canceled_at: unixNow() });
    const deleted = `evt_deleted_${subId}`;
    await deliver("customer.subscription.deleted", subRef(subId), deleted);
    await deliver("customer.subscription.updated", subRef(subId));
    await deliver("customer.subscription.deleted", subRef(subId), deleted);
    await hostApplied(orderId);
    const ended = await sub(orderId);
    expect(ended).toMatchObject({ status: "cancelled", siteState: "suspended" });
    expect(suspendedMarker(subdomain)).toBe(true);
    expect((ended.archiveAt?.getTime() ?? 0) - (ended.cancelAt?.getTime() ?? 0)).toBe(30 * DAY_MS);
    expect(await emails(orderId)).toEqual(["subscription_cancelled"]);
    await runLifecycle(t.ctx, new Date((ended.archiveAt?.getTime() ?? 0) + 60_000));
    await hostApplied(orderId);
    expect(await sub(orderId)).toMatchObject({ status: "archived", siteState: "removed" });
  });

  it("charge.refunded and charge.dispute.created: logged and the agency alerted once per fact; the subscription goes on", async () => {
    const { orderId, customer } = await givenStripeOrder("business", 3);
    fake.putCharge({ id: "ch_refund", customer, amount: 5425, amount_refunded: 1000 });
    const agency = async () =>
      (
        await t.ctx.db
          .select()
          .from(emailLog)
          .where(and(eq(emailLog.orderId, orderId), eq(emailLog.template, "payment_alert_agency")))
      ).map((e) => `${e.recipient} ${e.subject}`);
    const charge = { id: "ch_refund", object: "charge" };
    await deliver("charge.refunded", charge, "evt_refund_1");
    await deliver("charge.refunded", charge, "evt_refund_1");
    await deliver("charge.refunded", charge);
    expect(await agency()).toEqual([
      `${t.ctx.config.AGENCY_EMAIL} [Alerte] Paiement remboursé en partie : ${(await order(orderId)).subdomain}`,
    ]);
    fake.putCharge({ id: "ch_refund", customer, amount: 5425, amount_refunded: 5425 });
    await deliver("charge.refunded", charge);
    await deliver("charge.refunded", charge);
    expect(await agency()).toHaveLength(2);
    expect((await logs(orderId, "payment-alert")).at(-1)).toContain("54,25");
    expect((await sub(orderId)).status).toBe("active");

    fake.putDispute({
      id: "dp_1",
      charge: "ch_refund",
      amount: 5425,
      reason: "fraudulent",
      due_by: unixNow() + 7 * DAY,
    });
    await deliver("charge.dispute.created", { id: "dp_1", object: "dispute" }, "evt_dispute");
    await deliver("charge.dispute.created", { id: "dp_1", object: "dispute" }, "evt_dispute");
    await deliver("charge.dispute.created", { id: "dp_1", object: "dispute" });
    expect(await agency()).toHaveLength(3);
    expect((await logs(orderId, "payment-alert")).at(-1)).toMatch(
      /Paiement contesté.*fraudulent.*Réponse attendue avant le/,
    );
    expect(await emails(orderId, "subscription_cancelled")).toEqual([]);
  });

  it("the daily reconciliation repairs a lost customer.subscription.deleted and a lost invoice.paid, then finds nothing", async () => {
    const gone = await givenStripeOrder("business", 3);
    const late = await givenStripeOrder("starter", 31);
    const invoice = renew(late.subId, { status: "open", attempts: 1 });
    await deliver("invoice.payment_failed", invoiceRef(invoice.id));
    expect((await sub(late.orderId)).status).toBe("past_due");
    // A third site whose failures were all lost; Stripe's latest invoice is a later draft.
    const unpaid = await givenStripeOrder("business", 31);
    const unseen = renew(unpaid.subId, { status: "open", attempts: 4 });
    const draft = fake.putInvoice({
      ...{ id: `in_draft_${unpaid.subId}`, subscription: unpaid.subId, billing_reason: "subscription_cycle" },
      ...{ status: "draft", price: PRICE.business, period: [unixNow() + 29 * DAY, unixNow() + 59 * DAY] },
      ...{ total: 5425, attempt_count: 0 },
    });
    Object.assign(unpaid.stripeSub, { status: "unpaid", latest_invoice: draft.id });

    // The webhooks that never came.
    Object.assign(gone.stripeSub, { status: "canceled", ended_at: unixNow(), canceled_at: unixNow() });
    Object.assign(invoice, { status: "paid", attempt_count: 2 });
    Object.assign(late.stripeSub, { status: "active" });

    const stripeSdk = t.ctx.payments.stripe as Stripe;
    expect(await reconcileWithStripe(t.ctx, stripeSdk)).toBeGreaterThanOrEqual(3);
    await hostApplied(gone.orderId);
    expect(await sub(gone.orderId)).toMatchObject({ status: "cancelled", siteState: "suspended" });
    expect(await sub(late.orderId)).toMatchObject({ status: "active", pastDueSince: null });
    expect(await sub(unpaid.orderId)).toMatchObject({ status: "past_due", siteState: "online" });
    expect(await emails(unpaid.orderId)).toEqual(["subscription_payment_failed"]);
    expect((await logs(unpaid.orderId, "stripe-reconciliation"))[0]).toContain(`${unseen.number}`);
    expect((await logs(gone.orderId, "stripe-reconciliation"))[0]).toContain(
      "Rattrapage quotidien avec Stripe",
    );
    expect((await logs(late.orderId, "stripe-reconciliation"))[0]).toContain("payée");
    expect(await emails(gone.orderId)).toEqual(["subscription_cancelled"]);
    expect(await emails(late.orderId)).toEqual(["subscription_payment_failed", "subscription_reactivated"]);
    const listed = fake.requests.filter((r) => r.method === "GET" && r.path === "/v1/subscriptions");
    expect(Object.fromEntries(listed.at(-1)?.params ?? [])).toMatchObject({ status: "all", limit: "100" });

    expect(await reconcileWithStripe(t.ctx, stripeSdk)).toBe(0);
  });

  describe("our invoices of Stripe's payments and credit notes of its refunds", () => {
    const documents = (orderId: string) =>
      t.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.sequence);

    it("invoice.paid of a renewal issues one invoice of ours, however often and concurrently it comes; the first invoice is the checkout's", async () => {
      const { orderId, subId } = await givenStripeOrder("business", 31);
      // Linking synced Stripe's first invoice: the checkout invoices it, not the sync.
      expect(await documents(orderId)).toEqual([]);
      const invoice = renew(subId, { status: "paid", attempts: 1 });
      await Promise.all([
        deliver("invoice.paid", invoiceRef(invoice.id), `evt_paid_${invoice.id}`),
        deliver("invoice.paid", invoiceRef(invoice.id)),
        deliver("invoice.paid", invoiceRef(invoice.id)),
      ]);
      await deliver("invoice.paid", invoiceRef(invoice.id), `evt_paid_${invoice.id}`);
      const stripeSdk = t.ctx.payments.stripe as Stripe;
      await reconcileWithStripe(t.ctx, stripeSdk);
      const docs = await documents(orderId);
      expect(docs).toHaveLength(1);
      const period = (invoice.lines as { data: { period: { start: number; end: number } }[] }).data[0]
        ?.period;
      expect(docs[0]).toMatchObject({
        kind: "invoice",
        origin: "renewal",
        sourceRef: `stripe-invoice:${invoice.id}`,
        netCents: 5000,
        vatCents: 425,
        totalCents: 5425,
        paymentMethod: "carte bancaire (Stripe)",
        periodStart: formatIsoDate(new Date((period?.start ?? 0) * 1000)),
        periodEnd: formatIsoDate(new Date(((period?.end ?? 0) - DAY) * 1000)),
      });
      expect(((docs[0] as InvoiceRow).content as InvoiceContent).totals.lines.map((l) => l.label)).toEqual([
        "Formule Business — abonnement mensuel",
      ]);
    });

    it("an upgrade's proration: one French line for the difference; a cent Stripe taxes otherwise is taken from the HT so the TTC is what was paid", async () => {
      const { orderId, subId, stripeSub } = await givenStripeOrder("starter", 10);
      const item = stripeSub.items.data[0] as { current_period_start: number; current_period_end: number };
      // Each proration starts at its own time: our rows are unique per order, kind and period start.
      const proration = (id: string, unused: number, remaining: number, total: number, start = unixNow()) =>
        fake.putInvoice({
          id,
          subscription: subId,
          billing_reason: "subscription_update",
          status: "paid",
          price: PRICE.business,
          period: [start, item.current_period_end],
          total,
          attempt_count: 1,
          lines: [
            { amount: -unused, proration: true, price: PRICE.starter, description: "Unused time on Starter" },
            {
              amount: remaining,
              proration: true,
              price: PRICE.business,
              description: "Remaining time on Business",
            },
          ],
        });
      // Stripe taxes each line: -85 + 213 = 128 c, on 14,97 € HT: 16,25 €. Once on 14,97 € it is
      // 127 c: our line is 14,98 € HT, whose TTC is the 16,25 € paid.
      const paid = proration(`in_prorate_${subId}`, 1003, 2500, 1625);
      await deliver("invoice.paid", invoiceRef(paid.id));
      await deliver("invoice.paid", invoiceRef(paid.id));
      const [doc] = await documents(orderId);
      expect(doc).toMatchObject({ origin: "proration", netCents: 1498, vatCents: 127, totalCents: 1625 });
      expect((doc?.content as InvoiceContent | undefined)?.totals.lines[0]?.label).toMatch(
        /^Passage à la formule Business — différence au prorata du \d+ \S+ \d{4} au /,
      );

      // 16,27 € cannot be 8,5 % over any whole HT amount: no invoice, the agency is told once,
      // and the event fails so that Stripe sends it again.
      const odd = proration(`in_prorate_odd_${subId}`, 1001, 2500, 1627, unixNow() + 60);
      const payload = JSON.stringify({
        id: `evt_odd_${subId}`,
        object: "event",
        type: "invoice.paid",
        created: unixNow(),
        data: { object: invoiceRef(odd.id) },
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: {
          "content-type": "application/json",
          "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });
      expect(res.statusCode).toBe(500);
      expect(await documents(orderId)).toHaveLength(1);
      expect(await logs(orderId, "payment-alert")).toEqual([
        expect.stringMatching(
          /^Facture non émise : Le paiement de la facture Stripe \S+ \(16,27\s€\) est encaissé mais notre facture n'a pas pu être établie \(aucun montant HT entier ne donne les 16,27\s€ encaissés à 8,5 %\)/,
        ),
      ]);
    });

    it("charge.refunded: one credit note per refund, naming the invoice of the payment refunded, once each", async () => {
      const { orderId, subId, customer } = await givenStripeOrder("business", 31);
      const invoice = renew(subId, { status: "paid", attempts: 1 });
      await deliver("invoice.paid", invoiceRef(invoice.id));
      const [renewal] = await documents(orderId);
      const charge = { id: `ch_${invoice.id}`, object: "charge" };
      fake.putCharge({
        ...charge,
        customer,
        amount: 5425,
        amount_refunded: 1000,
        payment_intent: `pi_${invoice.id}`,
      });
      fake.putRefund({ id: `re_a_${subId}`, charge: charge.id, amount: 1000 });
      await deliver("charge.refunded", charge, `evt_refund_${subId}`);
      await deliver("charge.refunded", charge, `evt_refund_${subId}`);
      await Promise.all([deliver("charge.refunded", charge), deliver("charge.refunded", charge)]);
      let notes = (await documents(orderId)).filter((d) => d.kind === "credit_note");
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        origin: "refund",
        creditedInvoiceId: renewal?.id,
        sourceRef: `stripe-refund:re_a_${subId}`,
        totalCents: -1000,
      });
      expect((notes[0]?.content as InvoiceContent | undefined)?.credits?.number).toBe(renewal?.number);

      // The rest refunded later: a second credit note, for the rest.
      fake.putCharge({
        ...charge,
        customer,
        amount: 5425,
        amount_refunded: 5425,
        payment_intent: `pi_${invoice.id}`,
      });
      fake.putRefund({ id: `re_b_${subId}`, charge: charge.id, amount: 4425 });
      await deliver("charge.refunded", charge);
      notes = (await documents(orderId)).filter((d) => d.kind === "credit_note");
      expect(notes.map((n) => n.totalCents)).toEqual([-1000, -4425]);
      expect((await sub(orderId)).status).toBe("active");

      // The first payment is the checkout's: refunded whole, its invoice is credited line by line.
      const first = await issueInvoice(t.ctx, {
        orderId,
        kind: "checkout",
        sourceRef: `checkout:${(await order(orderId)).checkoutSessionId}`,
        lines: [{ label: "Formule Business — abonnement mensuel", quantity: 1, unitCents: 5000 }],
        paidAt: new Date(),
        paymentMethod: "carte bancaire (Stripe)",
      });
      const firstCharge = { id: `ch_first_${subId}`, object: "charge" };
      fake.putCharge({
        ...firstCharge,
        customer,
        amount: 5425,
        amount_refunded: 5425,
        payment_intent: `pi_in_first_${subId}`,
      });
      fake.putRefund({ id: `re_first_${subId}`, charge: firstCharge.id, amount: 5425 });
      await deliver("charge.refunded", firstCharge);
      const [whole] = (await documents(orderId)).filter(
        (d) => d.sourceRef === `stripe-refund:re_first_${subId}`,
      );
      expect(whole).toMatchObject({ kind: "credit_note", totalCents: -5425, netCents: -5000 });
      expect((whole?.content as InvoiceContent | undefined)?.credits?.number).toBe(first.number);
      expect(await verifyInvoiceChain(t.ctx)).toEqual({ ok: true });
    });
  });

  describe("the customer's and the agency's actions call Stripe with the exact parameters", () => {
    const token = async (orderId: string) => magicLinkToken(t.ctx, await order(orderId));
    const act = async (orderId: string, action: string, body: object = {}) =>
      t.app.inject({
        method: "POST",
        url: `/api/order/${orderId}/${action}`,
        payload: { token: await token(orderId), ...body },
        remoteAddress: remoteAddress(),
      });
    const stripeCall = (method: string, subId: string) =>
      fake.lastParams(method, `/v1/subscriptions/${subId}`);
    const updates = (subId: string) =>
      fake.requests
        .filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subId}`)
        .map((r) => Object.fromEntries(r.params));

    it("cancels on one of Stripe's period ends after the notice, shown before; undoes both ways; the webhook adds no e-mail", async () => {
      const { orderId, subId, stripeSub } = await givenStripeOrder("business", 20);
      const view = await t.app.inject({ url: `/api/order/${orderId}?token=${await token(orderId)}` });
      const shown = view.json().subscription.cancel_effective_if_now as string;
      const res = await act(orderId, "subscription/cancel");
      expect(res.statusCode, res.body).toBe(200);
      // Period end in 10 days < today + 30: the next one, 30 days later on Stripe's calendar (UTC).
      // Two months after the anchor, on its day or the month's last (a 31 July anchor ends a
      // period on 30 September, not on 1 October as setUTCMonth would have it).
      const anchor = new Date((stripeSub.billing_cycle_anchor as number) * 1000);
      const expected = new Date(anchor);
      expected.setUTCDate(1);
      expected.setUTCMonth(expected.getUTCMonth() + 2);
      const lastDay = new Date(
        Date.UTC(expected.getUTCFullYear(), expected.getUTCMonth() + 1, 0),
      ).getUTCDate();
      expected.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
      expect(stripeCall("POST", subId)).toEqual({
        cancel_at: String(expected.getTime() / 1000),
        proration_behavior: "none",
      });
      expect(new Date(shown)).toEqual(expected);
      expect((await sub(orderId)).cancelAt).toEqual(expected);
      await deliver("customer.subscription.updated", subRef(subId));
      expect(await emails(orderId)).toEqual(["subscription_cancel_scheduled"]);

      expect((await act(orderId, "subscription/undo-cancel")).statusCode).toBe(200);
      expect(stripeCall("POST", subId)).toEqual({ cancel_at: "" });
      await deliver("customer.subscription.updated", subRef(subId));
      expect((await sub(orderId)).cancelAt).toBeNull();
      expect(await emails(orderId)).toEqual(["subscription_cancel_scheduled", "subscription_cancel_undone"]);

      // Cancelled in the portal (cancel_at_period_end): undone from the order page.
      Object.assign(stripeSub, {
        cancel_at_period_end: true,
        cancel_at: stripeSub.items.data[0]?.current_period_end,
      });
      await deliver("customer.subscription.updated", subRef(subId));
      expect((await act(orderId, "subscription/undo-cancel")).statusCode).toBe(200);
      expect(stripeCall("POST", subId)).toEqual({ cancel_at_period_end: "false" });
      expect(stripeSub.cancel_at).toBeNull();
      expect(await emails(orderId, "subscription_cancel_undone")).toHaveLength(2);
    });

    it("upgrades at once with always_invoice (402 and nothing changed when declined), downgrades without proration", async () => {
      const { orderId, subId } = await givenStripeOrder("starter", 10);
      const itemId = `si_${subId}`;
      fake.declineNextCharge();
      const declined = await act(orderId, "subscription/change-plan", { plan_id: "business" });
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ detail: "Votre carte a été refusée." });
      expect(await sub(orderId)).toMatchObject({ planId: "starter", pendingPlanId: null });
      expect(fake.subscription(subId).items.data[0]?.price.id).toBe(PRICE.starter);

      expect((await act(orderId, "subscription/change-plan", { plan_id: "business" })).statusCode).toBe(200);
      expect(updates(subId).at(-1)).toEqual({
        "items[0][id]": itemId,
        "items[0][price]": PRICE.business,
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      });
      expect(await sub(orderId)).toMatchObject({ planId: "business", amountTtcCents: 5425 });
      await deliver("customer.subscription.updated", subRef(subId));
      expect(await emails(orderId, "subscription_plan_changed")).toHaveLength(1);

      expect((await act(orderId, "subscription/change-plan", { plan_id: "libre" })).statusCode).toBe(200);
      expect(updates(subId).at(-1)).toEqual({
        "items[0][id]": itemId,
        "items[0][price]": PRICE.libre,
        proration_behavior: "none",
      });
      await deliver("customer.subscription.updated", subRef(subId));
      expect(await sub(orderId)).toMatchObject({ planId: "business", pendingPlanId: "libre" });
      expect(await emails(orderId, "subscription_plan_changed")).toHaveLength(2);

      // Business chosen again while Libre waits: the downgrade is off, Stripe bills Business again.
      const before = updates(subId).length;
      expect((await act(orderId, "subscription/change-plan", { plan_id: "business" })).statusCode).toBe(200);
      expect(updates(subId).slice(before)).toEqual([
        { "items[0][id]": itemId, "items[0][price]": PRICE.business, proration_behavior: "none" },
      ]);
      expect(await sub(orderId)).toMatchObject({ planId: "business", pendingPlanId: null });
    });

    it("an upgrade while a downgrade waits prorates from the price paid for, not the waiting one", async () => {
      const { orderId, subId } = await givenStripeOrder("starter", 10);
      const itemId = `si_${subId}`;
      expect((await act(orderId, "subscription/change-plan", { plan_id: "libre" })).statusCode).toBe(200);
      expect(fake.subscription(subId).items.data[0]?.price.id).toBe(PRICE.libre);

      // Declined: the waiting downgrade waits again at Stripe.
      fake.declineNextCharge();
      const before = updates(subId).length;
      expect((await act(orderId, "subscription/change-plan", { plan_id: "business" })).statusCode).toBe(402);
      expect(
        updates(subId)
          .slice(before)
          .map((u) => u["items[0][price]"]),
      ).toEqual([PRICE.starter, PRICE.business, PRICE.libre]);
      expect(fake.subscription(subId).items.data[0]?.price.id).toBe(PRICE.libre);
      expect(await sub(orderId)).toMatchObject({ planId: "starter", pendingPlanId: "libre" });

      const next = updates(subId).length;
      expect((await act(orderId, "subscription/change-plan", { plan_id: "business" })).statusCode).toBe(200);
      expect(updates(subId).slice(next)).toEqual([
        { "items[0][id]": itemId, "items[0][price]": PRICE.starter, proration_behavior: "none" },
        {
          "items[0][id]": itemId,
          "items[0][price]": PRICE.business,
          proration_behavior: "always_invoice",
          payment_behavior: "error_if_incomplete",
        },
      ]);
      await deliver("customer.subscription.updated", subRef(subId));
      expect(await sub(orderId)).toMatchObject({ planId: "business", pendingPlanId: null });
      expect(await emails(orderId, "subscription_plan_changed")).toHaveLength(2);
    });

    it("the agency's suspension answers 202 before the host is touched; the queued job suspends the site", async () => {
      const { orderId } = await givenStripeOrder("business", 10);
      const subdomain = (await order(orderId)).subdomain;
      const post = (action: string, reason: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/admin/subscriptions/${action}?token=${TEST_ADMIN_TOKEN}`,
          payload: { order_id: orderId, reason },
          remoteAddress: remoteAddress(),
        });
      const status = (jobId: string) =>
        t.app.inject({ url: `/api/admin/subscriptions/site-state/${jobId}?token=${TEST_ADMIN_TOKEN}` });

      const suspended = await post("suspend", "Litige en cours");
      expect(suspended.statusCode, suspended.body).toBe(202);
      expect(suspended.json()).toMatchObject({
        subscription: { status: "suspended" },
        job_id: expect.any(String),
      });
      // No worker in this file: the answer came, the host was not touched, the job waits.
      expect((await status(suspended.json().job_id)).json()).toEqual({ state: "waiting" });
      expect(await sub(orderId)).toMatchObject({ status: "suspended", siteState: "online" });
      expect(suspendedMarker(subdomain)).toBe(false);
      await hostApplied(orderId);
      expect(await sub(orderId)).toMatchObject({ siteState: "suspended" });
      expect(suspendedMarker(subdomain)).toBe(true);

      const lifted = await post("unsuspend", "Litige réglé");
      expect(lifted.statusCode, lifted.body).toBe(202);
      expect(suspendedMarker(subdomain)).toBe(true);
      await hostApplied(orderId);
      expect(suspendedMarker(subdomain)).toBe(false);
    });

    it("the card link opens Stripe's Customer Portal; the agency cancels now or at the period end", async () => {
      const { orderId, subId, customer, stripeSub } = await givenStripeOrder("business", 10);
      const portal = await act(orderId, "billing-portal");
      expect(portal.statusCode, portal.body).toBe(200);
      expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
      expect(fake.lastParams("POST", "/v1/billing_portal/sessions")).toEqual({
        customer,
        return_url: expect.stringMatching(new RegExp(`/dashboard/${orderId}\\?token=`)),
        locale: "fr",
      });

      const admin = (url: string, payload: object) =>
        t.app.inject({
          method: "POST",
          url: `/api/admin/subscriptions/${url}?token=${TEST_ADMIN_TOKEN}`,
          payload,
          remoteAddress: remoteAddress(),
        });
      expect((await admin("cancel", { order_id: orderId, when: "period_end" })).statusCode).toBe(200);
      const end = stripeSub.items.data[0]?.current_period_end as number;
      expect(stripeCall("POST", subId)).toEqual({ cancel_at: String(end), proration_behavior: "none" });
      expect((await sub(orderId)).cancelAt).toEqual(new Date(end * 1000));

      const cancelled = await admin("cancel", { order_id: orderId, when: "now" });
      expect(cancelled.statusCode, cancelled.body).toBe(202);
      expect(
        fake.requests.filter((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subId}`),
      ).toHaveLength(1);
      await deliver("customer.subscription.deleted", subRef(subId));
      await hostApplied(orderId);
      expect(await sub(orderId)).toMatchObject({ status: "cancelled", siteState: "suspended" });
      expect(await emails(orderId, "subscription_cancelled")).toHaveLength(1);
    });
  });
});
