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

/** A discount code as the provider knows it. */
export type PromotionLookup =
  | { status: "valid"; id: string; percentOff: number }
  | { status: "invalid" | "expired" | "exhausted" };

/** A card payment provider: Stripe in production, the local test checkout by default. */
export interface PaymentProvider {
  readonly kind: "stripe" | "local";
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
