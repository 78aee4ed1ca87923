import type { MaintenanceView } from "@lagon/contracts/maintenance-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/maintenance`: monitoring, versions, the last update and what is available. */
export const getMaintenance = (orderId: string, token: string) =>
  fetchJson<MaintenanceView>(withToken(apiPaths.maintenance(orderId), token));
