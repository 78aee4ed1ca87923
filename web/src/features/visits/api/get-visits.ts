import type { VisitsView } from "@lagon/contracts/visits-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/visits`: a Business site's visit statistics (or what Business gives). */
export const getVisits = (orderId: string, token: string) =>
  fetchJson<VisitsView>(withToken(apiPaths.visits(orderId), token));
