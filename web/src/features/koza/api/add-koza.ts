import type { CheckoutSessionCreated } from "@lagon/contracts/checkout-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/add-koza`: opens the payment of Koza for this order. */
export const addKoza = (orderId: string, token: string) =>
  fetchJson<CheckoutSessionCreated>(apiPaths.addKoza(orderId), {
    method: "POST",
    body: JSON.stringify({ token }),
  });
