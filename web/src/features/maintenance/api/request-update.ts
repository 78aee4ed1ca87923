import type { RequestUpdateResult } from "@lagon/contracts/maintenance-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/maintenance/update`: a Libre site's update, queued. */
export const requestUpdate = (orderId: string, token: string) =>
  fetchJson<RequestUpdateResult>(apiPaths.maintenanceUpdate(orderId), {
    method: "POST",
    body: JSON.stringify({ token }),
  });
