import type { SubscriptionActionResult } from "@lagon/contracts/subscriptions-schemas";
import { useEffect, useState } from "react";
import { apiPaths } from "../../../api/paths";
import { ApiError, fetchJson } from "../../../lib/fetch-json";

export type SubscriptionAction = "cancel" | "undo-cancel" | "change-plan";

/** A French sentence for a refused or failed call: the server's own when it gave one. */
export const failureText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.detail ? err.detail : fallback;

/** `POST /api/order/{id}/subscription/{action}`: the confirmation and the subscription after it. */
export function postSubscriptionAction(
  orderId: string,
  token: string,
  action: SubscriptionAction,
  body: Record<string, string> = {},
): Promise<SubscriptionActionResult> {
  return fetchJson<SubscriptionActionResult>(apiPaths.subscriptionAction(orderId, action), {
    method: "POST",
    body: JSON.stringify({ token, ...body }),
  });
}

/**
 * "Mettre à jour ma carte": asks for a billing portal session (Stripe's Customer Portal, or the
 * local one offline) and goes there; the portal brings the customer back to this page.
 */
export function useBillingPortal(orderId: string, token: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Back from the portal to this page as the browser kept it (back-forward cache): the button
  // must not stay on "Ouverture…".
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  async function open() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await fetchJson<{ url: string }>(apiPaths.billingPortal(orderId), {
        method: "POST",
        body: JSON.stringify({ token }),
      });
      window.location.assign(url);
    } catch (err) {
      console.error("Portail de paiement indisponible", err);
      setError(failureText(err, "La page de gestion de votre carte n'a pas pu s'ouvrir. Réessayez."));
      setBusy(false);
    }
  }
  return { busy, error, open };
}
