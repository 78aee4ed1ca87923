import { apiPaths } from "../../../api/paths";
import { adminPost } from "../admin-api";

/** `POST /api/admin/resend-magic-link`: e-mails the order's access link again. */
export const resendMagicLink = (token: string, body: { order_id: string }) =>
  adminPost(apiPaths.adminResendMagicLink(), token, body);
