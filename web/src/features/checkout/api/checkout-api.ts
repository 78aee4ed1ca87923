import { fetchJson } from "../../../lib/fetch-json";

/** Customer data sent at checkout (spec section 3), plus the directory category when opted in. */
export interface CustomerData {
  email: string;
  name: string;
  phone: string;
  company_name: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  siret: string;
  company_type: string;
  directory_opt_in: boolean;
  category?: string;
  /** The chosen subdomain followed by the base domain. */
  domain: string;
  /** The plan name. */
  plan: string;
}

export interface CreateCheckoutSessionRequest {
  plan_id: string;
  customer_data: CustomerData;
  success_url: string;
  cancel_url: string;
  koza_option: boolean;
  coupon_code?: string;
}

export interface CouponResult {
  valid: boolean;
  error?: string;
  coupon?: { percent_off: number };
}

export interface SubdomainAvailability {
  available: boolean;
  detail?: string;
}

export const createCheckoutSession = (body: CreateCheckoutSessionRequest) =>
  fetchJson<{ checkout_url: string }>("/api/stripe/create-checkout-session", {
    method: "POST",
    body: JSON.stringify(body),
  });

export const validateCoupon = (code: string) =>
  fetchJson<CouponResult>(`/api/validate-coupon/${encodeURIComponent(code)}`, { method: "POST" });

export const checkSubdomain = (name: string) =>
  fetchJson<SubdomainAvailability>(`/api/subdomain-availability/${encodeURIComponent(name)}`);
