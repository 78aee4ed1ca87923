import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";
import type { MailAccess } from "./mail-access";

/** `DELETE …/mail-aliases/{address}`: the alias or forward. */
export const deleteMailAlias = ({ orderId, token, admin }: MailAccess, address: string) =>
  fetchJson<{ deleted: true }>(withToken(apiPaths.mailAlias(orderId, address, admin), token), {
    method: "DELETE",
  });
