import type { Analytics } from "@lagon/contracts/admin-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `GET /api/admin/analytics`: the cards, plans, growth, revenue and funnel. */
export const getAnalytics = (token: string) => adminFetch<Analytics>(apiPaths.adminAnalytics(), token);
