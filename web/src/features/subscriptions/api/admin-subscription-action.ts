import type { AdminSubscriptionAction } from "@lagon/contracts/subscriptions-schemas";
import { apiPaths } from "../../../api/paths";
import { adminPost } from "../../admin/admin-api";

/** `POST /api/admin/subscriptions/{action}`: the subscription after it, and the job changing the site, if any. */
export const adminSubscriptionAction = (token: string, action: string, body: object) =>
  adminPost<AdminSubscriptionAction>(apiPaths.adminSubscriptionAction(action), token, body);
