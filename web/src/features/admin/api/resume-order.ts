import { apiPaths } from "../../../api/paths";
import { adminPost } from "../admin-api";

/** `POST /api/admin/resume-order`: takes an order in error up where it stopped. */
export const resumeOrder = (token: string, body: { order_id: string }) =>
  adminPost(apiPaths.adminResumeOrder(), token, body);
