import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `DELETE /api/order/{id}/mail-aliases/{address}`: the alias or forward. */
export const deleteMailAlias = (orderId: string, token: string, address: string) =>
  fetchJson<{ deleted: true }>(withToken(apiPaths.mailAlias(orderId, address), token), { method: "DELETE" });
