import type { OrderStatusResponse } from "@lagon/contracts/checkout-schemas";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { getOrderStatus } from "./api/get-order-status";

/** The order status the success page polls (spec section 3), plus `failed` for a failed order. */
export type OrderStatus = OrderStatusResponse;

export type OrderStatusState =
  | { kind: "waiting"; order: OrderStatus | null }
  /** The server will not answer this session any more (expired or unknown): its French reason. */
  | { kind: "closed"; detail: string };

export const POLL_INTERVAL_MS = 5000;

/** The page opened without the payment's session id (a link cut short, a bookmark). */
export const MISSING_SESSION =
  "Lien de suivi incomplet : l'identifiant de paiement manque. Retrouvez votre commande avec le lien reçu par e-mail, ou demandez-en un nouveau.";

/**
 * Polls at once, then every 5 s, until the order is completed (or failed). A refusal (4xx) ends
 * the polling with the server's reason; any other failed poll is only logged and tried again.
 * Without a session id there is nothing to follow: that is said at once.
 */
export function useOrderStatus(sessionId: string | null): OrderStatusState {
  const [state, setState] = useState<OrderStatusState>({ kind: "waiting", order: null });
  useEffect(() => {
    if (!sessionId) {
      setState({ kind: "closed", detail: MISSING_SESSION });
      return;
    }
    let timer: number | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const next = await getOrderStatus(sessionId);
        if (stopped) return;
        setState({ kind: "waiting", order: next });
        if (next.status === "completed" || next.failed) return;
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && err.detail && isRefusal(err.status)) {
          setState({ kind: "closed", detail: err.detail });
          return;
        }
        console.error("Suivi de commande : échec de la requête", err);
      }
      if (!stopped) timer = window.setTimeout(poll, POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [sessionId]);
  return state;
}

/** A 4xx that asking again will not change (a 429 will, once the wait is over). */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;
