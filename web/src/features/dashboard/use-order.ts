import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { useEffect, useState } from "react";
import { fetchJson } from "../../lib/fetch-json";

export const POLL_INTERVAL_MS = 5000;

export type OrderState =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "ready"; order: CustomerOrderView };

/**
 * The order, refreshed every 5 s until it is active (and, beyond the spec, while Koza is writing
 * the site, so its end shows, and with `untilKoza`, until a Koza just paid for is on the order). A failed first load is 'Commande introuvable'; a failed refresh
 * is only logged and the next one is tried.
 */
export function useOrder(orderId: string, token: string, { untilKoza = false } = {}): OrderState {
  const [state, setState] = useState<OrderState>({ kind: "loading" });
  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    let loaded = false;
    const load = async () => {
      try {
        const order = await fetchJson<CustomerOrderView>(
          `/api/order/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`,
        );
        if (stopped) return;
        loaded = true;
        setState({ kind: "ready", order });
        const kozaAwaited = untilKoza && !order.koza_option;
        if (order.status === "active" && order.koza_status !== "processing" && !kozaAwaited) return;
      } catch (err) {
        if (stopped) return;
        if (!loaded) {
          setState({ kind: "missing" });
          return;
        }
        console.error("Actualisation de la commande impossible", err);
      }
      timer = window.setTimeout(load, POLL_INTERVAL_MS);
    };
    void load();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [orderId, token, untilKoza]);
  return state;
}
