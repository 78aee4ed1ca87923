import type { OrderStatusResponse } from "@lagon/contracts/checkout-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order-status/{sessionId}`: where the order paid in this checkout session stands. */
export const getOrderStatus = (sessionId: string) =>
  fetchJson<OrderStatusResponse>(apiPaths.orderStatus(sessionId));
