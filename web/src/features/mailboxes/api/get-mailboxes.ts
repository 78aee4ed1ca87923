import type { MailboxList } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/mailboxes`: the mailboxes, the aliases and the mail settings. */
export const getMailboxes = (orderId: string, token: string) =>
  fetchJson<MailboxList>(withToken(apiPaths.mailboxes(orderId), token));
