import { formatDate, formatIsoDate } from "@lagon/contracts/french-date";
import { featuresLost } from "@lagon/contracts/plan-kits";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { pdfToText } from "../../test/pdf-to-text.ts";
import { useCheapBackupRepository } from "../../test/restic-test-key.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import {
  emailLog,
  invoices,
  orderLogs,
  siteBackups,
  sites,
  subscriptionInvoices,
  subscriptions,
} from "../db/schema.ts";
import { ensureInvoicePdf } from "../invoices/invoice-pdf.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort, logIn } from "../wordpress/site-checks.ts";
import { siteStatePending } from "./site-state-job.ts";
import { wantedSiteState } from "./wanted-site-state.ts";

/**
 * A year of subscriptions in a few minutes, offline: the real API, the local test checkout and
 * portal, the billing test clock, real WordPress sites behind nginx and php-fpm.
 */
describe("subscriptions through the billing test clock", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ip = 0;
  const remoteAddress = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const admin = (method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/admin${url}?token=${TEST_ADMIN_TOKEN}`,
      payload,
      remoteAddress: remoteAddress(),
    });
  const advance = async (days: number) => {
    const res = await admin("POST", "/test-clock/advance", { days });
    expect(res.statusCode, res.body).toBe(200);
    return new Date(res.json().now);
  };
  const clock = async () => new Date((await admin("GET", "/test-clock")).json().now);
  const sub = async (orderId: string) => {
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const order = async (orderId: string) => {
    const row = await findShownOrder(t.ctx.db, orderId);
    if (!row) throw new Error("no order");
    return row;
  };
  const token = async (orderId: string) => magicLinkToken(t.ctx, await order(orderId));
  const customer = async (orderId: string, action: string, body: object = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/order/${orderId}/${action}`,
      payload: { token: await token(orderId), ...body },
      remoteAddress: remoteAddress(),
    });
  const emails = async (orderId: string, template: string) =>
    (
      await t.ctx.db
        .select()
        .from(emailLog)
        .where(and(eq(emailLog.orderId, orderId), eq(emailLog.template, template)))
    ).length;
  const home = async (subdomain: string) => {
    const res = await t.ctx.wordpress.main.fetch(subdomain, "/");
    return { status: res.status, text: await res.text() };
  };
  /** Advances day by day until `check` holds; answers how many days it took. */
  const advanceUntil = async (check: () => Promise<boolean>, max: number) => {
    for (let day = 1; day <= max; day++) {
      await advance(1);
      if (await check()) return day;
    }
    throw new Error(`not reached in ${max} days`);
  };
  /** Waits for the host to be what the subscription asks (the site-state job, run by the worker). */
  const settled = (orderId: string) =>
    waitFor(async () => {
      const row = await sub(orderId);
      const done = row.siteState === wantedSiteState(row.status) && !(await siteStatePending(t.ctx, orderId));
      return done ? row : undefined;
    }, 120_000);
  const live = (orderId: string) =>
    waitFor(async () => ((await order(orderId)).status === "active" ? true : undefined), 120_000);

  beforeAll(async () => {
    t = await createTestApp({ WP_PORT: String(await freePort()) });
    // Archivals back the sites up, restorations read them back: each restic command would derive
    // the repository's key again.
    await useCheapBackupRepository(t.ctx);
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Weeks of billing days, each a lifecycle pass, and real sites: minutes on a busy 2-core
  // machine, past the default 60 s (it failed on that alone under load).
  it("4000…0341: past due, e-mails, suspended (503, wp-admin open), card updated, back; archived, then restored by paying", async () => {
    const checkout = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      remoteAddress: remoteAddress(),
      payload: {
        plan_id: "price_local_business",
        customer_data: {
          email: "nadia@example.re",
          name: "Nadia Hoarau",
          domain: "impaye.localhost",
          plan: "Business",
          immediate_start: true,
        },
        success_url: "http://localhost:3000/success",
        cancel_url: "http://localhost:3000/",
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = new URL(checkout.json().checkout_url).pathname.split("/").at(-1) as string;
    const pay = (card: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/test-checkout/${sessionId}/pay`,
        payload: { card },
        remoteAddress: remoteAddress(),
      });
    expect((await pay("1234123412341234")).json().detail).toContain("Carte de test inconnue");
    expect((await pay("4000000000000002")).statusCode).toBe(402);
    expect((await pay("4000 0000 0000 0341")).statusCode).toBe(200);
    const [{ id } = { id: "" }] = await t.ctx.db
      .select({ id: sites.orderId })
      .from(sites)
      .where(eq(sites.name, "impaye"));
    await live(id);

    const view = await t.app.inject({ url: `/api/order/${id}?token=${await token(id)}` });
    expect(view.json().subscription).toMatchObject({
      status: "active",
      plan_name: "Business",
      amount_ttc_cents: 5425,
      cancel_at: null,
      card_label: "•••• 0341",
    });

    // The renewal fails: past due, the site stays up, the customer is e-mailed.
    const renewal = (await sub(id)).currentPeriodEnd;
    const days = await advanceUntil(async () => (await sub(id)).status === "past_due", 40);
    expect((await clock()).getTime()).toBeGreaterThanOrEqual(renewal.getTime());
    expect(days).toBeGreaterThanOrEqual(28);
    expect(await emails(id, "subscription_payment_failed")).toBe(1);
    expect((await home("impaye")).status).toBe(200);

    // Retried within the grace period, an e-mail at each failure; a reminder the day before.
    const { suspendAt } = await sub(id);
    await advanceUntil(async () => (await sub(id)).status === "suspended", 20);
    expect((await clock()).getTime()).toBeGreaterThanOrEqual((suspendAt as Date).getTime());
    expect(await emails(id, "subscription_payment_failed")).toBe(7);
    expect(await emails(id, "subscription_suspension_warning")).toBe(1);
    expect(await emails(id, "subscription_suspended")).toBe(1);
    await settled(id);
    const suspended = await home("impaye");
    expect(suspended.status).toBe(503);
    expect(suspended.text).toContain("Site suspendu");
    const site = await getSite(t.ctx.db, id);
    const dashboard = await logIn(
      t.ctx.wordpress.main,
      "impaye",
      site.wpUsername as string,
      t.ctx.secrets.open(site.wpPasswordEnc as string),
    );
    expect(dashboard.status).toBe(200);

    // The customer updates the card in the portal: the open invoice is paid, the site is back.
    const portal = await customer(id, "billing-portal");
    expect(portal.statusCode, portal.body).toBe(200);
    const portalId = new URL(portal.json().url).pathname.split("/").at(-1) as string;
    const page = await t.app.inject({ url: `/api/test-portal/${portalId}` });
    expect(page.json().invoices[0]).toMatchObject({ kind: "renewal", status: "open", attempts: 7 });
    const declined = await t.app.inject({
      method: "POST",
      url: `/api/test-portal/${portalId}/card`,
      payload: { card: "4000000000000002" },
    });
    expect(declined.json()).toMatchObject({ retry: "declined", subscription: { status: "suspended" } });
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/test-portal/${portalId}/card`,
      payload: { card: "4242 4242 4242 4242" },
    });
    expect(paid.json()).toMatchObject({
      retry: "paid",
      card_label: "•••• 4242",
      subscription: { status: "active" },
    });
    await settled(id);
    expect((await home("impaye")).status).toBe(200);
    expect(await emails(id, "subscription_reactivated")).toBe(1);

    // Months go by and renew.
    await advance(95);
    expect((await sub(id)).status).toBe("active");
    const renewals = await t.ctx.db
      .select()
      .from(subscriptionInvoices)
      .where(and(eq(subscriptionInvoices.orderId, id), eq(subscriptionInvoices.kind, "renewal")));
    expect(renewals.filter((i) => i.status === "paid").length).toBeGreaterThanOrEqual(4);

    // Back to the failing card: unpaid again, suspended, then archived and removed from the host.
    await t.app.inject({
      method: "POST",
      url: `/api/test-portal/${portalId}/card`,
      payload: { card: "4000000000000341" },
    });
    await advanceUntil(async () => (await sub(id)).status === "suspended", 50);
    await advanceUntil(async () => (await sub(id)).status === "archived", 31);
    expect(await emails(id, "subscription_archive_warning")).toBe(2);
    expect(await emails(id, "subscription_archived")).toBe(1);
    const archived = await settled(id);
    expect(archived.siteState).toBe("removed");
    // The final copy is the backup taken before the archival, listed with the site's backups.
    const finalCopy = await t.ctx.db
      .select()
      .from(siteBackups)
      .where(eq(siteBackups.id, archived.archiveLocation as string));
    expect(finalCopy.map((b) => b.kind)).toEqual(["before-archive"]);
    const beforeSuspension = await t.ctx.db
      .select()
      .from(siteBackups)
      .where(and(eq(siteBackups.orderId, id), eq(siteBackups.kind, "before-suspension")));
    expect(beforeSuspension.length).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.wordpress.main.status("impaye")).toBe("absent");

    // Paying restores it from the archive, as it was.
    const again = await customer(id, "billing-portal");
    const againId = new URL(again.json().url).pathname.split("/").at(-1) as string;
    const restored = await t.app.inject({
      method: "POST",
      url: `/api/test-portal/${againId}/card`,
      payload: { card: "4242424242424242" },
    });
    // The payment answered before the restore: a job brings the site back from its archive, and
    // the order page says so until it is done.
    expect(restored.json()).toMatchObject({
      retry: "paid",
      subscription: { status: "active", site_change: "restoring" },
    });
    expect((await settled(id)).siteState).toBe("online");
    const orderPage = await t.app.inject({ url: `/api/order/${id}?token=${await token(id)}` });
    expect(orderPage.json().subscription).toMatchObject({ status: "active", site_change: null });
    expect(await t.ctx.wordpress.main.status("impaye")).toBe("installed");
    expect((await home("impaye")).status).toBe(200);
    const back = await logIn(
      t.ctx.wordpress.main,
      "impaye",
      site.wpUsername as string,
      t.ctx.secrets.open(site.wpPasswordEnc as string),
    );
    expect(back.status).toBe(200);
  }, 300_000);

  it("cancels with notice: online until the effective date, offline from it; undo until then", async () => {
    const id = await givenPaidOrder(t.ctx, {
      subdomain: "resilie",
      planId: "starter",
      monthlyPriceCents: 2000,
    });
    await live(id);
    const first = await customer(id, "subscription/cancel");
    expect(first.statusCode, first.body).toBe(200);
    const effective = first.json().subscription.cancel_at as string;
    expect(effective).toBe(
      (await t.app.inject({ url: `/api/order/${id}?token=${await token(id)}` })).json().subscription
        .cancel_at,
    );
    expect((await customer(id, "subscription/cancel")).statusCode).toBe(409);
    const undo = await customer(id, "subscription/undo-cancel");
    expect(undo.json()).toMatchObject({ subscription: { cancel_at: null, status: "active" } });
    expect((await customer(id, "subscription/undo-cancel")).json().detail).toBe(
      "Aucune résiliation n'est programmée.",
    );
    const again = await customer(id, "subscription/cancel");
    const cancelAt = new Date(again.json().subscription.cancel_at);
    expect(await emails(id, "subscription_cancel_scheduled")).toBe(2);
    expect(await emails(id, "subscription_cancel_undone")).toBe(1);

    // The day before: still online. The day it falls: offline.
    while ((await clock()).getTime() + 86_400_000 <= cancelAt.getTime()) {
      await advance(1);
      expect((await sub(id)).status).toBe("active");
    }
    expect((await home("resilie")).status).toBe(200);
    await advance(1);
    expect((await sub(id)).status).toBe("cancelled");
    await settled(id);
    expect((await home("resilie")).status).toBe(503);
    expect(await emails(id, "subscription_cancelled")).toBe(1);
    expect((await customer(id, "subscription/undo-cancel")).statusCode).toBe(409);
  }, 300_000);

  it("upgrades at once with proration, downgrades at the period end", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "starter", monthlyPriceCents: 2000 });
    const view = async () =>
      (
        await t.app.inject({
          url: `/api/order/${id}?token=${await token(id)}`,
          remoteAddress: remoteAddress(),
        })
      ).json().subscription;
    // The order page offers what the change will do and cost, before the customer chooses.
    const offered = (await view()).plan_choices;
    expect(offered.map((c: { plan_id: string; change: string }) => [c.plan_id, c.change])).toEqual([
      ["business", "upgrade"],
      ["libre", "downgrade"],
    ]);
    const up = await customer(id, "subscription/change-plan", { plan_id: "business" });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().subscription).toMatchObject({
      plan_id: "business",
      amount_ttc_cents: 5425,
      pending_plan: null,
    });
    const [proration] = await t.ctx.db
      .select()
      .from(subscriptionInvoices)
      .where(and(eq(subscriptionInvoices.orderId, id), eq(subscriptionInvoices.kind, "proration")));
    expect(proration?.status).toBe("paid");
    expect(proration?.amountTtcCents).toBeGreaterThan(3000);
    expect(proration?.amountTtcCents).toBeLessThanOrEqual(5425 - 2170);
    expect(Math.abs((proration?.amountTtcCents ?? 0) - offered[0].charge_now_cents)).toBeLessThanOrEqual(1);
    expect(offered[1]).toMatchObject({ amount_ttc_cents: 1628, charge_now_cents: 0 });
    // Nothing of a Starter site stops on Business or Libre.
    expect(offered.map((c: { stops: string[] }) => c.stops)).toEqual([[], []]);
    expect((await order(id)).planId).toBe("business");
    // The upgrade's job gives the site its Réservation page (its shop waits: no WooCommerce here).
    await waitFor(
      async () => ((await getSite(t.ctx.db, id)).kit?.plan === "business" ? true : undefined),
      120_000,
    );
    const reservation = async () =>
      (await t.ctx.wordpress.main.fetch((await order(id)).subdomain, "/reservation/")).status;
    expect(await reservation()).toBe(200);

    expect((await customer(id, "subscription/change-plan", { plan_id: "business" })).statusCode).toBe(400);
    expect((await customer(id, "subscription/change-plan", { plan_id: "platine" })).json().detail).toBe(
      "Formule inconnue.",
    );
    const down = await customer(id, "subscription/change-plan", { plan_id: "libre" });
    expect(down.json().subscription).toMatchObject({
      plan_id: "business",
      pending_plan: { plan_id: "libre" },
    });
    // While the downgrade waits, the current plan is offered again, to keep it.
    expect(
      (await view()).plan_choices.map((c: { plan_id: string; change: string }) => [c.plan_id, c.change]),
    ).toEqual([
      ["starter", "downgrade"],
      ["business", "keep"],
      ["libre", "downgrade"],
    ]);
    // Each downgrade says, before the customer confirms, what of the site stops.
    expect((await view()).plan_choices.map((c: { stops: string[] }) => c.stops)).toEqual([
      featuresLost("business", "starter"),
      [],
      featuresLost("business", "libre"),
    ]);
    expect(featuresLost("business", "libre")).toHaveLength(3);
    const periodEnd = (await sub(id)).currentPeriodEnd;
    await advanceUntil(async () => (await clock()).getTime() >= periodEnd.getTime(), 40);
    expect(await sub(id)).toMatchObject({
      planId: "libre",
      amountTtcCents: 1628,
      pendingPlanId: null,
      status: "active",
    });
    expect(await emails(id, "subscription_plan_changed")).toBe(2);
    // Then the kit's job turns Business's extras off: the page goes offline, the data stays.
    const off = await waitFor(async () => {
      const kit = (await getSite(t.ctx.db, id)).kit;
      return kit?.plan === "libre" ? kit : undefined;
    }, 120_000);
    expect(off).toMatchObject({ status: "off" });
    expect(off.detail).toContain(featuresLost("business", "libre").join(" ; "));
    expect(await reservation()).toBe(404);
  });

  it("dates a renewal's invoice and logs on the test clock's day, not the real one", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "starter", monthlyPriceCents: 2000 });
    const renewed = async () =>
      (await t.ctx.db.select().from(invoices).where(eq(invoices.orderId, id))).some(
        (i) => i.origin === "renewal",
      );
    await advanceUntil(renewed, 40);
    const today = formatIsoDate(await clock());
    expect(today).not.toBe(formatIsoDate(new Date()));
    const [renewal] = await t.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, id), eq(invoices.origin, "renewal")));
    expect(formatIsoDate(renewal?.issuedAt as Date)).toBe(today);
    const text = (await pdfToText((await ensureInvoicePdf(t.ctx, renewal?.id as string)).pdf)).replace(
      /[\s\u00a0\u202f]+/g,
      " ",
    );
    expect(text).toContain(`Date d'émission : ${formatDate(await clock())}`);
    const logs = await t.ctx.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, id), eq(orderLogs.action, "subscription-renewed")));
    expect(logs.map((l) => formatIsoDate(l.timestamp))).toEqual([today]);
  });

  it("changes plan when named as the checkout names it (its price id)", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "starter", monthlyPriceCents: 2000 });
    const up = await customer(id, "subscription/change-plan", { plan_id: "price_local_business" });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().subscription).toMatchObject({ plan_id: "business", pending_plan: null });
    const down = await customer(id, "subscription/change-plan", { plan_id: " price_local_libre " });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().subscription).toMatchObject({
      plan_id: "business",
      pending_plan: { plan_id: "libre" },
    });
    const unknown = await customer(id, "subscription/change-plan", { plan_id: "price_local_platine" });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([400, "Formule inconnue."]);
  });

  it("lets the admin filter, count, suspend with a reason and lift it", async () => {
    const id = await givenPaidOrder(t.ctx, {});
    const refused = await admin("POST", "/subscriptions/suspend", { order_id: id, reason: "" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe("Indiquez la raison.");
    const suspended = await admin("POST", "/subscriptions/suspend", {
      order_id: id,
      reason: "Contenu illicite signalé",
    });
    expect(suspended.json().subscription).toMatchObject({
      status: "suspended",
      suspend_reason: "Contenu illicite signalé",
    });
    const list = (await admin("GET", "/orders", undefined)).json();
    expect(list.counts.suspended).toBeGreaterThanOrEqual(1);
    const filtered = await t.app.inject({
      url: `/api/admin/orders?token=${TEST_ADMIN_TOKEN}&subscription=suspended`,
    });
    expect(filtered.json().orders.map((o: { order_id: string }) => o.order_id)).toContain(id);
    expect(
      filtered
        .json()
        .orders.every((o: { subscription: { status: string } }) => o.subscription.status === "suspended"),
    ).toBe(true);
    const lifted = await admin("POST", "/subscriptions/unsuspend", {
      order_id: id,
      reason: "Contenu retiré",
    });
    expect(lifted.json().subscription.status).toBe("active");
    const ended = await admin("POST", "/subscriptions/cancel", { order_id: id, when: "now" });
    expect(ended.json().subscription.status).toBe("cancelled");
    expect(await emails(id, "subscription_unsuspended")).toBe(1);
  });
});
