import type { MailboxList } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../../admin/admin-api";

/** `GET /api/admin/orders/{id}/mailboxes`: the site's mailboxes, for the admin. */
export const getAdminMailboxes = (orderId: string, token: string) =>
  adminFetch<MailboxList>(apiPaths.adminOrderMailboxes(orderId), token);
