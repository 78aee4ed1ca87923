import type { OrderInvoices } from "@lagon/contracts/invoices-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/invoices`: the order's invoices and credit notes, oldest first. */
export const getOrderInvoices = (orderId: string, token: string) =>
  fetchJson<OrderInvoices>(withToken(apiPaths.invoices(orderId), token));
