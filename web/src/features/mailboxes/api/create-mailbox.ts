import type { CreateMailboxBody, MailboxPassword } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/mailboxes`: a new mailbox and its password, given once. */
export const createMailbox = (orderId: string, token: string, body: CreateMailboxBody) =>
  fetchJson<MailboxPassword>(withToken(apiPaths.mailboxes(orderId), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
