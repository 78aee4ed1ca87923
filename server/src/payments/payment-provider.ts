import type { PlanId } from "@lagon/contracts/plans";
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import type { Order, Subscription } from "../db/schema.ts";
import type { Actor } from "../subscriptions/record-event.ts";

/** What a checkout charges: the plan's subscription (with its discount) and/or Koza once. */
export interface CheckoutRequest {
  /** Our checkout_sessions row, carried in the provider's metadata. */
  reference: string;
  kind: "order" | "koza";
  customerEmail: string;
  /** The plan's recurring price id (an order), absent when buying Koza alone. */
  planPriceId?: string;
  koza: boolean;
  /** The buyer's VAT rate (tax.ts): 850 is 8,5 %, 0 charges no VAT. */
  vatRateBasisPoints: number;
  /** A promotion code accepted by the provider (Stripe), or our own coupon's percent (local). */
  promotion?: { providerId?: string; percentOff: number; code: string };
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutTruth {
  paid: boolean;
  expired: boolean;
  reference: string | undefined;
  customerId?: string;
  subscriptionId?: string;
  /** What the buyer paid, TTC, when the provider says (Stripe): the invoice must say the same. */
  amountTotalCents?: number;
}

export interface ProviderPrice {
  id: string;
  unitAmountCents: number | null;
  currency: string;
  interval: string | null;
  /** "inclusive" would mean the amount already holds the VAT. */
  taxBehavior: string | null;
  active: boolean;
}

/** A plan change asked of the provider (PaymentProvider.changePlan). */
export interface PlanChange {
  order: Order;
  sub: Subscription;
  to: PlanId;
  upgrade: boolean;
  difference: number;
  now: Date;
  actor: Actor;
}

/** A discount code as the provider knows it. */
export type PromotionLookup =
  | { status: "valid"; id: string; percentOff: number }
  | { status: "invalid" | "expired" | "exhausted" };

/** A card payment provider: Stripe in production, the local test checkout by default. */
export interface PaymentProvider {
  /** The payment method written on our invoices, in French. */
  readonly paymentMethodLabel: string;
  /** The calendar renewals fall on (contracts/billing-dates.ts): Stripe's UTC, or La Réunion's. */
  readonly billingCalendar: number;
  /**
   * Whether the product runs the subscriptions itself (local provider): it renews, charges the
   * test card, retries, issues the renewal invoices and keeps a test clock, and serves the test
   * checkout and portal. False when the provider runs them and tells us by webhook (Stripe).
   */
  readonly productBills: boolean;
  /** The Stripe SDK, when Stripe runs the subscriptions (subscriptions/stripe-*.ts); types only here. */
  readonly stripe?: Stripe;
  /** Prepares the provider's own data once at start (the local demo coupons). */
  prepare(): Promise<void>;
  /** Registers the public routes only this provider has: Stripe's webhook, or the local test checkout and portal. */
  registerRoutes(app: FastifyInstance, ctx: Context): Promise<void>;
  /** Where the customer manages card and invoices (Stripe's Customer Portal, or the local one). */
  portalUrl(order: Order, returnUrl: string): Promise<string>;
  /**
   * Schedules the subscription's end and answers its date: the end of the period that holds
   * today + 30 days (`notice`, the customer's) or of the current one (`period_end`, the agency's).
   */
  scheduleCancel(order: Order, sub: Subscription, rule: "notice" | "period_end", now: Date): Promise<Date>;
  /**
   * Moves the subscription to another plan at the provider. An upgrade charges `difference`
   * (the prorated rest of the period) at once and throws cardDeclined, nothing changed, when
   * the card is refused; a downgrade waits for the period end.
   */
  changePlan(ctx: Context, change: PlanChange): Promise<void>;
  /** At checkout completion: our subscription takes the provider's periods (nothing to do when we run it). */
  linkSubscription(ctx: Context, orderId: string): Promise<void>;
  /** Lifts a scheduled cancellation at the provider (nothing to do when our row is the truth). */
  undoCancel(order: Order): Promise<void>;
  /** Ends the subscription at once at the provider (nothing to do when our row is the truth). */
  cancelNow(order: Order): Promise<void>;
  /** Opens a hosted checkout and returns its id and the address to send the browser to. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Re-reads a checkout from the provider: the webhook only triggers, this is the truth. */
  retrieveCheckout(sessionId: string): Promise<CheckoutTruth>;
  /** Closes an unpaid checkout; answers whether it can no longer be paid. */
  expireCheckout(sessionId: string): Promise<boolean>;
  /** A recurring price as the provider bills it (Stripe), to check it against the plan's. */
  retrievePrice?(priceId: string): Promise<ProviderPrice>;
  /** Looks a discount code up: only providers that own coupons (Stripe) answer. */
  findPromotionCode?(code: string): Promise<PromotionLookup>;
}
