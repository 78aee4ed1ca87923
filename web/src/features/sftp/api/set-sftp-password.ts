import type { SftpPasswordBody, SftpPasswordResult } from "@lagon/contracts/sftp-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/sftp/password`: the chosen password, or one drawn (and given once). */
export const setSftpPassword = (orderId: string, token: string, body: SftpPasswordBody) =>
  fetchJson<SftpPasswordResult>(withToken(apiPaths.sftpPassword(orderId), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
