import type {
  CouponResult,
  CreateCheckoutSessionRequest,
  SubdomainAvailability,
} from "@lagon/contracts/checkout-schemas";
import { fetchJson } from "../../../lib/fetch-json";

export const createCheckoutSession = (body: CreateCheckoutSessionRequest) =>
  fetchJson<{ checkout_url: string }>("/api/stripe/create-checkout-session", {
    method: "POST",
    body: JSON.stringify(body),
  });

export const validateCoupon = (code: string) =>
  fetchJson<CouponResult>(`/api/validate-coupon/${encodeURIComponent(code)}`, { method: "POST" });

export const checkSubdomain = (name: string) =>
  fetchJson<SubdomainAvailability>(`/api/subdomain-availability/${encodeURIComponent(name)}`);
