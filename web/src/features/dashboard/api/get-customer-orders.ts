import type { CustomerOrders } from "@lagon/contracts/orders-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/customer/orders?email=`: the other sites of the customer the token belongs to. */
export const getCustomerOrders = (email: string, token: string) =>
  fetchJson<CustomerOrders>(
    withToken(`${apiPaths.customerOrders()}?email=${encodeURIComponent(email)}`, token),
  );
