import type { MailboxPassword } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/mailboxes/{address}/password`: a new password, given once. */
export const resetMailboxPassword = (orderId: string, token: string, address: string) =>
  fetchJson<MailboxPassword>(withToken(apiPaths.mailboxPassword(orderId, address), token), {
    method: "POST",
  });
