import { useEffect, useState } from "react";
import { validateCoupon } from "./api/checkout-api";

export const COUPON_MIN_LENGTH = 2;
export const COUPON_DEBOUNCE_MS = 500;

export type CouponState =
  | { kind: "neutral" }
  | { kind: "valid"; percentOff: number; message: string }
  | { kind: "invalid"; message: string };

/** Checks the discount code with the server 500 ms after the last keystroke, from 2 characters. */
export function useCouponCheck(code: string): CouponState {
  const [state, setState] = useState<CouponState>({ kind: "neutral" });
  useEffect(() => {
    const trimmed = code.trim();
    if (trimmed.length < COUPON_MIN_LENGTH) {
      setState({ kind: "neutral" });
      return;
    }
    let current = true;
    const timer = window.setTimeout(async () => {
      try {
        const result = await validateCoupon(trimmed);
        if (!current) return;
        if (result.valid && result.coupon) {
          const percentOff = result.coupon.percent_off;
          setState({ kind: "valid", percentOff, message: `Réduction de ${percentOff}% appliquée !` });
        } else {
          setState({ kind: "invalid", message: result.error ?? "Erreur de validation" });
        }
      } catch {
        if (current) setState({ kind: "invalid", message: "Erreur de validation" });
      }
    }, COUPON_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [code]);
  return state;
}
