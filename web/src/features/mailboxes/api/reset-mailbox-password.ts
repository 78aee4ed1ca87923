import type { MailboxPassword } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";
import type { MailAccess } from "./mail-access";

/** `POST …/mailboxes/{address}/password`: a new password, given once. */
export const resetMailboxPassword = ({ orderId, token, admin }: MailAccess, address: string) =>
  fetchJson<MailboxPassword>(withToken(apiPaths.mailboxPassword(orderId, address, admin), token), {
    method: "POST",
  });
