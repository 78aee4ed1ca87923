import type { EmailLogEntry } from "@lagon/contracts/admin-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `GET /api/admin/orders/{id}/emails`: the e-mails sent for an order. */
export const getOrderEmails = (orderId: string, token: string) =>
  adminFetch<{ emails: EmailLogEntry[] }>(apiPaths.adminOrderEmails(orderId), token);
