import type { SetContactEmailBody, SiteMailView } from "@lagon/contracts/site-mail-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `PUT /api/order/{id}/site-mail`: the address the site's contact form delivers to. */
export const setContactEmail = (orderId: string, token: string, body: SetContactEmailBody) =>
  fetchJson<SiteMailView>(withToken(apiPaths.siteMail(orderId), token), {
    method: "PUT",
    body: JSON.stringify(body),
  });
