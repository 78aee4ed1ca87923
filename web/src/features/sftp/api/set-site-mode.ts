import type { SftpView, SiteModeBody } from "@lagon/contracts/sftp-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `PUT /api/order/{id}/site-mode`: the WordPress site, or the plain site of /wp-content/www. */
export const setSiteMode = (orderId: string, token: string, body: SiteModeBody) =>
  fetchJson<SftpView>(withToken(apiPaths.siteMode(orderId), token), {
    method: "PUT",
    body: JSON.stringify(body),
  });
