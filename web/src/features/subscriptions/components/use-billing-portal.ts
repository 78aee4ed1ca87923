import { useEffect, useState } from "react";
import { failureText } from "../../../lib/fetch-json";
import { openBillingPortal } from "../api/open-billing-portal";

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
      const { url } = await openBillingPortal(orderId, token);
      window.location.assign(url);
    } catch (err) {
      console.error("Portail de paiement indisponible", err);
      setError(failureText(err, "La page de gestion de votre carte n'a pas pu s'ouvrir. Réessayez."));
      setBusy(false);
    }
  }
  return { busy, error, open };
}
