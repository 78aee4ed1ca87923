import { apiPaths } from "../../../api/paths";
import { adminPost } from "../../admin/admin-api";

/** `POST /api/admin/custom-domains/{id}/{endpoint}`: an admin step of a custom domain; its French answer. */
export const adminDomainAction = (token: string, orderId: string, endpoint: string, body: object = {}) =>
  adminPost<{ detail: string }>(apiPaths.adminCustomDomainAction(orderId, endpoint), token, body);
