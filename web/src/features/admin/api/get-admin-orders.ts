import type { AdminOrders } from "@lagon/contracts/admin-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `GET /api/admin/orders`: one page of the orders, filtered, with the counters. */
export const getAdminOrders = (query: URLSearchParams, token: string) =>
  adminFetch<AdminOrders>(apiPaths.adminOrders(query), token);
