import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import { useState } from "react";
import { fetchJson } from "../../lib/fetch-json";

/**
 * The "Ajouter Koza" button's action: opens the payment of Koza for this order and goes there;
 * a refusal alerts (spec: 'Erreur: Erreur lors de l'ajout de l'option Koza') and re-enables it.
 */
export function useBuyKoza(orderId: string, token: string): { busy: boolean; buy: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  async function buy() {
    setBusy(true);
    try {
      const { checkout_url } = await fetchJson<{ checkout_url: string }>(
        `/api/order/${encodeURIComponent(orderId)}/add-koza`,
        { method: "POST", body: JSON.stringify({ token }) },
      );
      window.location.assign(checkout_url);
    } catch {
      window.alert(`Erreur: ${CHECKOUT_MESSAGES.kozaAddFailed}`);
      setBusy(false);
    }
  }
  return { busy, buy };
}
