import { cancellationEffectiveDate, REUNION_CALENDAR } from "@lagon/contracts/billing-dates";
import type { FastifyInstance } from "fastify";
import { bySessionId } from "../checkout/checkout-session-id.ts";
import { expireUnpaidCheckoutOfSession } from "../checkout/checkout-sessions-table.ts";
import { testCheckoutRoutes } from "../checkout/test-checkout-routes.ts";
import type { Context } from "../context.ts";
import { seedDemoCoupons } from "../coupons/seed-demo-coupons.ts";
import type { Db } from "../db/database.ts";
import { billingPortalSessions, checkoutSessions, type Order, type Subscription } from "../db/schema.ts";
import { randomToken } from "../lib/secrets.ts";
import { chargeUpgradeLocally } from "../subscriptions/charge-locally.ts";
import { testPortalRoutes } from "../subscriptions/subscription-routes.ts";
import type { CheckoutTruth, PaymentProvider, PlanChange } from "./payment-provider.ts";

/** A local portal page stays open this long, like Stripe's portal sessions. */
const PORTAL_TTL_MS = 60 * 60 * 1000;

/**
 * The embedded default: a test checkout page served by the product itself ("paiement de
 * test"). Sessions live in our database; paying marks them paid and triggers the same
 * fulfilment as Stripe's webhook.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly paymentMethodLabel = "carte bancaire (paiement de test)";
  readonly billingCalendar = REUNION_CALENDAR;
  readonly productBills = true;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** Demo codes: with Stripe, promotion codes live in Stripe. */
  async prepare(): Promise<void> {
    await seedDemoCoupons(this.db);
  }

  async registerRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
    await app.register(testCheckoutRoutes, { ctx });
    await app.register(testPortalRoutes, { ctx });
  }

  /** The local portal page (`/portail-test/{id}`, served by the web app from `GET /api/test-portal/{id}`). */
  async portalUrl(order: Order, returnUrl: string): Promise<string> {
    const id = `ps_local_${randomToken()}`;
    await this.db.insert(billingPortalSessions).values({
      id,
      orderId: order.id,
      returnUrl,
      expiresAt: new Date(Date.now() + PORTAL_TTL_MS),
    });
    return `${this.publicUrl}/portail-test/${id}`;
  }

  async scheduleCancel(
    _order: Order,
    sub: Subscription,
    rule: "notice" | "period_end",
    now: Date,
  ): Promise<Date> {
    return rule === "notice"
      ? cancellationEffectiveDate(sub.billingAnchor, now, this.billingCalendar)
      : sub.currentPeriodEnd;
  }

  /** An upgrade charges the card on file here and now; a downgrade has nothing to charge. */
  async changePlan(ctx: Context, change: PlanChange): Promise<void> {
    if (change.upgrade && change.difference > 0) await chargeUpgradeLocally(ctx, change);
  }

  async linkSubscription(): Promise<void> {}

  async undoCancel(): Promise<void> {}

  async cancelNow(): Promise<void> {}

  async createCheckout(): Promise<{ sessionId: string; url: string }> {
    const sessionId = `cs_local_${randomToken()}`;
    return { sessionId, url: `${this.publicUrl}/paiement-test/${sessionId}` };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutTruth> {
    const [row] = await this.db.select().from(checkoutSessions).where(bySessionId(sessionId));
    return {
      paid: Boolean(row?.paidAt),
      expired: !row?.paidAt && (row?.status === "expired" || (row?.expiresAt ?? new Date(0)) < new Date()),
      reference: row?.id,
    };
  }

  /** The session is our row: closing it and paying it both go through one conditional update. */
  async expireCheckout(sessionId: string): Promise<boolean> {
    await expireUnpaidCheckoutOfSession(this.db, sessionId);
    const [row] = await this.db
      .select({ paidAt: checkoutSessions.paidAt })
      .from(checkoutSessions)
      .where(bySessionId(sessionId));
    return !row?.paidAt;
  }
}
