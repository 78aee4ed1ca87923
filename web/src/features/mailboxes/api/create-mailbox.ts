import type { CreateMailboxBody, MailboxPassword } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";
import type { MailAccess } from "./mail-access";

/** `POST …/mailboxes`: a new mailbox and its password, given once. */
export const createMailbox = ({ orderId, token, admin }: MailAccess, body: CreateMailboxBody) =>
  fetchJson<MailboxPassword>(withToken(apiPaths.mailboxes(orderId, admin), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
