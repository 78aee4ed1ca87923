import type { AdminJobStarted } from "@lagon/contracts/admin-schemas";
import { adminPost } from "../admin-api";

/** `POST` of a slow admin action on an order (reinstall, backup): it answers 202 with its job. */
export const startAdminJob = (path: string, token: string, body: { order_id: string }) =>
  adminPost<AdminJobStarted>(path, token, body);
