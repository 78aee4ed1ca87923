import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import { tooManyRequestsFor } from "@lagon/contracts/errors";
import { useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { addKoza } from "./api/add-koza";

/**
 * The "Ajouter Koza" button's action: opens the payment of Koza for this order and goes there;
 * a refusal alerts (spec: 'Erreur: Erreur lors de l'ajout de l'option Koza') and re-enables it.
 * A rate limit's refusal is said in the page instead (`refusal`), with when to try again.
 */
export function useBuyKoza(
  orderId: string,
  token: string,
): { busy: boolean; buy: () => Promise<void>; refusal: string | null } {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  async function buy() {
    setBusy(true);
    setRefusal(null);
    try {
      const { checkout_url } = await addKoza(orderId, token);
      window.location.assign(checkout_url);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 429) {
        setRefusal(tooManyRequestsFor(err.retryAfterSeconds ?? 60));
        return;
      }
      window.alert(`Erreur: ${CHECKOUT_MESSAGES.kozaAddFailed}`);
    }
  }
  return { busy, buy, refusal };
}
