import type { SftpKeyBody, SftpView } from "@lagon/contracts/sftp-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/sftp/keys`: a public key that opens the SFTP access. */
export const addSftpKey = (orderId: string, token: string, body: SftpKeyBody) =>
  fetchJson<SftpView>(withToken(apiPaths.sftpKeys(orderId), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
