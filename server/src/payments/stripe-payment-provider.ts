import { STRIPE_CALENDAR } from "@lagon/contracts/billing-dates";
import { KOZA_PRICE_CENTS, type PlanId } from "@lagon/contracts/plans";
import { KOZA_LINE_LABEL } from "@lagon/contracts/pricing";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { stripeWebhookRoutes } from "../checkout/stripe-webhook-routes.ts";
import type { Context } from "../context.ts";
import type { Order, Subscription } from "../db/schema.ts";
import {
  stripeCancelNow,
  stripeChangePrice,
  stripePortalUrl,
  stripePriceId,
  stripeScheduleCancel,
  stripeUndoCancel,
} from "../subscriptions/stripe-billing.ts";
import { linkStripeSubscription } from "../subscriptions/stripe-sync.ts";
import type {
  CheckoutRequest,
  CheckoutTruth,
  PaymentProvider,
  PlanChange,
  PromotionLookup,
  ProviderPrice,
} from "./payment-provider.ts";

export interface StripeOptions {
  secretKey: string;
  /** A fixed exclusive 8.5 % tax rate; found or created once when not given (other rates always are). */
  taxRateId?: string;
  /** Points the SDK at another server (tests). */
  apiUrl?: string;
}

/** The metadata by which our exclusive tax rate of each percentage is found again. */
const taxRatePurpose = (basisPoints: number) => `lagon-vat-${basisPoints / 100}`;

/** Stripe Checkout: a subscription for the plan, with Koza as a one-off line, or Koza alone. */
export class StripePaymentProvider implements PaymentProvider {
  readonly paymentMethodLabel = "carte bancaire (Stripe)";
  readonly billingCalendar = STRIPE_CALENDAR;
  readonly productBills = false;
  /** The SDK, also for the subscription calls (subscriptions/stripe-*.ts). */
  readonly stripe: Stripe;
  private readonly taxRates = new Map<number, Promise<string>>();

  constructor(private readonly options: StripeOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
            protocol: api.protocol.replace(":", "") as "http",
          }
        : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
  }

  async prepare(): Promise<void> {}

  portalUrl(order: Order, returnUrl: string): Promise<string> {
    return stripePortalUrl(this.stripe, order, returnUrl);
  }

  scheduleCancel(order: Order, _sub: Subscription, rule: "notice" | "period_end", now: Date): Promise<Date> {
    return stripeScheduleCancel(this.stripe, order, rule, now);
  }

  changePlan(ctx: Pick<Context, "config">, { order, sub, to, upgrade }: PlanChange): Promise<void> {
    return stripeChangePrice(this.stripe, order, {
      to: stripePriceId(ctx, to),
      paid: stripePriceId(ctx, sub.planId as PlanId),
      upgrade,
    });
  }

  linkSubscription(ctx: Context, orderId: string): Promise<void> {
    return linkStripeSubscription(ctx, this.stripe, orderId);
  }

  undoCancel(order: Order): Promise<void> {
    return stripeUndoCancel(this.stripe, order);
  }

  cancelNow(order: Order): Promise<void> {
    return stripeCancelNow(this.stripe, order);
  }

  async registerRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
    await app.register(stripeWebhookRoutes, { ctx, stripe: this });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    // No VAT (Guyane, Mayotte, …): no tax rate at all on the lines.
    const taxRates =
      request.vatRateBasisPoints > 0 ? { tax_rates: [await this.vatRate(request.vatRateBasisPoints)] } : {};
    const kozaLine = {
      price_data: {
        currency: "eur",
        unit_amount: KOZA_PRICE_CENTS,
        product_data: { name: KOZA_LINE_LABEL },
      },
      quantity: 1,
      ...taxRates,
    };
    const metadata = { reference: request.reference, kind: request.kind };
    const session = await this.stripe.checkout.sessions.create({
      mode: request.planPriceId ? "subscription" : "payment",
      line_items: [
        ...(request.planPriceId ? [{ price: request.planPriceId, quantity: 1, ...taxRates }] : []),
        ...(request.koza ? [kozaLine] : []),
      ],
      ...(request.promotion?.providerId
        ? { discounts: [{ promotion_code: request.promotion.providerId }] }
        : {}),
      customer_email: request.customerEmail,
      success_url: `${request.successUrl}${request.successUrl.includes("?") ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: request.cancelUrl,
      expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      locale: "fr",
      metadata,
      ...(request.planPriceId ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    });
    if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutTruth> {
    const s = await this.stripe.checkout.sessions.retrieve(sessionId);
    const id = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);
    return {
      paid:
        s.status === "complete" &&
        (s.payment_status === "paid" || s.payment_status === "no_payment_required"),
      expired: s.status === "expired",
      reference: s.metadata?.reference,
      customerId: id(s.customer),
      subscriptionId: id(s.subscription),
      amountTotalCents: s.amount_total ?? undefined,
    };
  }

  async expireCheckout(sessionId: string): Promise<boolean> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
      return true;
    } catch (err) {
      // Only an open session can be expired: it may be expired already, or paid.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      return (await this.stripe.checkout.sessions.retrieve(sessionId)).status === "expired";
    }
  }

  /**
   * Stripe keeps a code after it expires or runs out, so each reason is told apart. Only
   * percentage coupons open to every customer apply: the price shown is computed from a percentage.
   */
  async findPromotionCode(code: string): Promise<PromotionLookup> {
    const found = await this.stripe.promotionCodes.list({
      code,
      limit: 10,
      expand: ["data.promotion.coupon"],
    });
    const now = Date.now() / 1000;
    const lookups = found.data.map((promo): PromotionLookup => {
      const coupon = promo.promotion.coupon;
      if (!coupon || typeof coupon === "string" || !coupon.percent_off || promo.customer) {
        return { status: "invalid" };
      }
      if ((promo.expires_at ?? Infinity) <= now || (coupon.redeem_by ?? Infinity) <= now) {
        return { status: "expired" };
      }
      if (
        promo.times_redeemed >= (promo.max_redemptions ?? Infinity) ||
        coupon.times_redeemed >= (coupon.max_redemptions ?? Infinity)
      ) {
        return { status: "exhausted" };
      }
      if (!promo.active || !coupon.valid) return { status: "invalid" };
      return { status: "valid", id: promo.id, percentOff: coupon.percent_off };
    });
    for (const status of ["valid", "expired", "exhausted"] as const) {
      const lookup = lookups.find((l) => l.status === status);
      if (lookup) return lookup;
    }
    return { status: "invalid" };
  }

  /** The webhook's event, verified on the raw body with the endpoint's secret. */
  verifyWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }

  async retrievePrice(priceId: string): Promise<ProviderPrice> {
    const p = await this.stripe.prices.retrieve(priceId);
    return {
      id: p.id,
      unitAmountCents: p.unit_amount,
      currency: p.currency,
      interval: p.recurring?.interval ?? null,
      taxBehavior: p.tax_behavior,
      active: p.active,
    };
  }

  /** Our exclusive tax rate at this percentage, found by its metadata or created once. */
  private vatRate(basisPoints: number): Promise<string> {
    if (basisPoints === 850 && this.options.taxRateId) return Promise.resolve(this.options.taxRateId);
    let rate = this.taxRates.get(basisPoints);
    if (!rate) {
      rate = (async () => {
        const purpose = taxRatePurpose(basisPoints);
        const rates = await this.stripe.taxRates.list({ active: true, limit: 100 });
        const existing = rates.data.find((r) => r.metadata?.purpose === purpose);
        if (existing) return existing.id;
        const percent = (basisPoints / 100).toString().replace(".", ",");
        const created = await this.stripe.taxRates.create({
          display_name: "TVA",
          description: `TVA ${percent} %`,
          percentage: basisPoints / 100,
          inclusive: false,
          country: "RE",
          jurisdiction: "RE",
          metadata: { purpose },
        });
        return created.id;
      })().catch((err) => {
        this.taxRates.delete(basisPoints);
        throw err;
      });
      this.taxRates.set(basisPoints, rate);
    }
    return rate;
  }
}
