import type { EmailTemplateView } from "@lagon/contracts/admin-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `GET /api/admin/email-templates`: every e-mail the product sends, as edited. */
export const getEmailTemplates = (token: string) =>
  adminFetch<{ templates: EmailTemplateView[] }>(apiPaths.adminEmailTemplates(), token);
