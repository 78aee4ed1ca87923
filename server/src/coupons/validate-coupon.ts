import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { coupons } from "../db/schema.ts";

export type CouponCheck =
  | { valid: true; code: string; percentOff: number; providerId?: string }
  | { valid: false; error: string };

/**
 * A discount code: Stripe's promotion codes when Stripe is configured, otherwise the coupons
 * table (percent off, optional expiry, optional maximum number of uses).
 */
export async function checkCoupon(ctx: Pick<Context, "db" | "payments">, raw: string): Promise<CouponCheck> {
  const code = raw.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(code)) return { valid: false, error: CHECKOUT_MESSAGES.couponInvalid };
  if (ctx.payments.findPromotionCode) {
    const promo = await ctx.payments.findPromotionCode(code);
    return promo
      ? { valid: true, code, percentOff: promo.percentOff, providerId: promo.id }
      : { valid: false, error: CHECKOUT_MESSAGES.couponInvalid };
  }
  const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, code));
  if (!coupon) return { valid: false, error: CHECKOUT_MESSAGES.couponInvalid };
  if (coupon.expiresAt && coupon.expiresAt < new Date())
    return { valid: false, error: CHECKOUT_MESSAGES.couponExpired };
  if (coupon.maxUses !== null && coupon.timesUsed >= coupon.maxUses) {
    return { valid: false, error: CHECKOUT_MESSAGES.couponExhausted };
  }
  return { valid: true, code, percentOff: coupon.percentOff };
}
