import type { TestCheckoutView } from "@lagon/contracts/checkout-schemas";
import type { PortalCardResult, TestPortalView } from "@lagon/contracts/subscriptions-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

// The local test checkout and billing portal (local test payments only, decision 0043).

/** `GET /api/test-checkout/{sessionId}`: what this checkout session charges. */
export const getTestCheckout = (sessionId: string) =>
  fetchJson<TestCheckoutView>(apiPaths.testCheckout(sessionId));

/** `POST /api/test-checkout/{sessionId}/pay`: pays with a test card; answers where to go next. */
export const payTestCheckout = (sessionId: string, card: string) =>
  fetchJson<{ redirect_url: string }>(apiPaths.testCheckoutPay(sessionId), {
    method: "POST",
    body: JSON.stringify({ card }),
  });

/** `GET /api/test-portal/{portalSessionId}`: the subscription, card and invoices of the portal. */
export const getTestPortal = (portalSessionId: string) =>
  fetchJson<TestPortalView>(apiPaths.testPortal(portalSessionId));

/** `POST /api/test-portal/{portalSessionId}/card`: a new card, which pays what is due. */
export const updateTestPortalCard = (portalSessionId: string, card: string) =>
  fetchJson<PortalCardResult>(apiPaths.testPortalCard(portalSessionId), {
    method: "POST",
    body: JSON.stringify({ card }),
  });
