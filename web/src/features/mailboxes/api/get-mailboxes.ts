import type { MailboxList } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";
import type { MailAccess } from "./mail-access";

/** `GET …/mailboxes`: the mailboxes, the aliases and the mail settings. */
export const getMailboxes = ({ orderId, token, admin }: MailAccess) =>
  fetchJson<MailboxList>(withToken(apiPaths.mailboxes(orderId, admin), token));
