import { useEffect, useState } from "react";
import { fetchJson } from "../../lib/fetch-json";

/** The order status the success page polls (spec section 3), plus `failed` for a failed order. */
export interface OrderStatus {
  status: string;
  order_id: string | null;
  magic_link_token: string | null;
  domain: string | null;
  wp_admin_user: string | null;
  wp_admin_password: string | null;
  koza_option: boolean;
  failed?: boolean;
}

export const POLL_INTERVAL_MS = 5000;

/** Polls at once, then every 5 s, until the order is completed (or failed). A failed poll is only logged. */
export function useOrderStatus(sessionId: string | null): OrderStatus | null {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    let timer: number | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const next = await fetchJson<OrderStatus>(`/api/order-status/${encodeURIComponent(sessionId)}`);
        if (stopped) return;
        setStatus(next);
        if (next.status === "completed" || next.failed) return;
      } catch (err) {
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
  return status;
}
