import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `DELETE /api/order/{id}/mailboxes/{address}`: the mailbox and its messages. */
export const deleteMailbox = (orderId: string, token: string, address: string) =>
  fetchJson<{ deleted: true }>(withToken(apiPaths.mailbox(orderId, address), token), { method: "DELETE" });
