import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/koza/regenerate`: Koza writes the site again from the stored answers. */
export const regenerateKoza = (orderId: string, token: string) =>
  fetchJson(apiPaths.kozaRegenerate(), {
    method: "POST",
    body: JSON.stringify({ order_id: orderId, token }),
  });
