import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { useEffect, useState } from "react";
import { getOrder } from "./api/get-order";

export const POLL_INTERVAL_MS = 5000;

export type OrderState =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "ready"; order: CustomerOrderView };

/**
 * The order, refreshed every 5 s until it is active (and, beyond the spec, while Koza is writing
 * the site, so its end shows, while the host brings the site to its subscription's state, and
 * with `untilKoza`, until a Koza just paid for is on the order).
 * A failed first load is 'Commande introuvable'; a failed refresh is only logged and the next one
 * is tried. The page opened with another order or token (the same page, moved to another
 * address) is loading until that one answers: what the previous token was allowed to see, such
 * as the customer's other sites, never shows under the new one.
 */
export function useOrder(orderId: string, token: string, { untilKoza = false } = {}): OrderState {
  const key = `${orderId}\n${token}`;
  const [current, setCurrent] = useState<{ key: string; state: OrderState }>({
    key,
    state: { kind: "loading" },
  });
  useEffect(() => {
    const setState = (state: OrderState) => setCurrent({ key, state });
    let timer: number | undefined;
    let stopped = false;
    let loaded = false;
    const load = async () => {
      try {
        const order = await getOrder(orderId, token);
        if (stopped) return;
        loaded = true;
        setState({ kind: "ready", order });
        const kozaAwaited = untilKoza && !order.koza_option;
        // The host still bringing the site to its subscription's state (back online after a payment).
        const siteChanging = Boolean(order.subscription?.site_change);
        if (order.status === "active" && order.koza_status !== "processing" && !kozaAwaited && !siteChanging)
          return;
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
  }, [key, orderId, token, untilKoza]);
  return current.key === key ? current.state : { kind: "loading" };
}
