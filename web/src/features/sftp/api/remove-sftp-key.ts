import type { SftpKeyRemoveBody, SftpView } from "@lagon/contracts/sftp-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/sftp/keys/remove`: the key with this fingerprint no longer opens the access. */
export const removeSftpKey = (orderId: string, token: string, body: SftpKeyRemoveBody) =>
  fetchJson<SftpView>(withToken(apiPaths.sftpKeysRemove(orderId), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
