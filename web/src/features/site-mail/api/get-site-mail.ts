import type { SiteMailView } from "@lagon/contracts/site-mail-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/site-mail`: where the contact form delivers, and whether the site sends mail. */
export const getSiteMail = (orderId: string, token: string) =>
  fetchJson<SiteMailView>(withToken(apiPaths.siteMail(orderId), token));
