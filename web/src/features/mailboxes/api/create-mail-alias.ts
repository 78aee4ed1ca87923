import type { AliasView, CreateAliasBody } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";
import type { MailAccess } from "./mail-access";

/** `POST …/mail-aliases`: an alias (to a mailbox) or a forward (to an outside address). */
export const createMailAlias = ({ orderId, token, admin }: MailAccess, body: CreateAliasBody) =>
  fetchJson<AliasView>(withToken(apiPaths.mailAliases(orderId, admin), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
