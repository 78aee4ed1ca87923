import type {
  CouponResult,
  CreateCheckoutSessionRequest,
  SubdomainAvailability,
} from "@lagon/contracts/checkout-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

export const createCheckoutSession = (body: CreateCheckoutSessionRequest) =>
  fetchJson<{ checkout_url: string }>(apiPaths.createCheckoutSession(), {
    method: "POST",
    body: JSON.stringify(body),
  });

export const validateCoupon = (code: string) =>
  fetchJson<CouponResult>(apiPaths.validateCoupon(code), { method: "POST" });

export const checkSubdomain = (name: string) =>
  fetchJson<SubdomainAvailability>(apiPaths.subdomainAvailability(name));
