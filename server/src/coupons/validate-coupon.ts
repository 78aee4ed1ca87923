import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import type { CouponResult } from "@lagon/contracts/checkout-schemas";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { coupons } from "../db/schema.ts";

export type CouponCheck =
  | { valid: true; code: string; percentOff: number; providerId?: string }
  | { valid: false; error: string };

const ERRORS = {
  invalid: CHECKOUT_MESSAGES.couponInvalid,
  expired: CHECKOUT_MESSAGES.couponExpired,
  exhausted: CHECKOUT_MESSAGES.couponExhausted,
} as const;

/**
 * A discount code: Stripe's promotion codes when Stripe is configured, otherwise the coupons
 * table (percent off, optional expiry, optional maximum number of uses).
 */
export async function checkCoupon(ctx: Pick<Context, "db" | "payments">, raw: string): Promise<CouponCheck> {
  const code = raw.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(code)) return { valid: false, error: ERRORS.invalid };
  if (ctx.payments.findPromotionCode) {
    const promo = await ctx.payments.findPromotionCode(code);
    return promo.status === "valid"
      ? { valid: true, code, percentOff: promo.percentOff, providerId: promo.id }
      : { valid: false, error: ERRORS[promo.status] };
  }
  const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, code));
  if (!coupon) return { valid: false, error: ERRORS.invalid };
  if (coupon.expiresAt && coupon.expiresAt <= new Date()) return { valid: false, error: ERRORS.expired };
  if (coupon.maxUses !== null && coupon.timesUsed >= coupon.maxUses) {
    return { valid: false, error: ERRORS.exhausted };
  }
  return { valid: true, code, percentOff: coupon.percentOff };
}

/** The answer of POST /api/validate-coupon/:code (spec section 3). */
export async function validateCoupon(
  ctx: Pick<Context, "db" | "payments">,
  code: string,
): Promise<CouponResult> {
  const check = await checkCoupon(ctx, code);
  return check.valid
    ? { valid: true, coupon: { percent_off: check.percentOff } }
    : { valid: false, error: check.error };
}
