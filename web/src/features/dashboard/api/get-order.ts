import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}`: the order as its customer sees it. */
export const getOrder = (orderId: string, token: string) =>
  fetchJson<CustomerOrderView>(withToken(apiPaths.order(orderId), token));
