import type { SftpView } from "@lagon/contracts/sftp-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/sftp`: the connection settings, the keys and the site's mode. */
export const getSftp = (orderId: string, token: string) =>
  fetchJson<SftpView>(withToken(apiPaths.sftp(orderId), token));
