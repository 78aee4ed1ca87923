import type { BillingPortalUrl } from "@lagon/contracts/subscriptions-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/billing-portal`: a billing portal session (Stripe's, or the local one). */
export const openBillingPortal = (orderId: string, token: string) =>
  fetchJson<BillingPortalUrl>(apiPaths.billingPortal(orderId), {
    method: "POST",
    body: JSON.stringify({ token }),
  });
