import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";
import type { MailAccess } from "./mail-access";

/** `DELETE …/mailboxes/{address}`: the mailbox and its messages. */
export const deleteMailbox = ({ orderId, token, admin }: MailAccess, address: string) =>
  fetchJson<{ deleted: true }>(withToken(apiPaths.mailbox(orderId, address, admin), token), {
    method: "DELETE",
  });
