import type { AliasView, CreateAliasBody } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/mail-aliases`: an alias (to a mailbox) or a forward (to an outside address). */
export const createMailAlias = (orderId: string, token: string, body: CreateAliasBody) =>
  fetchJson<AliasView>(withToken(apiPaths.mailAliases(orderId), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
