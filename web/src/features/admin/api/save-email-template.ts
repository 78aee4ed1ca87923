import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `PUT /api/admin/email-templates/{name}`: a template's new subject and content. */
export const saveEmailTemplate = (
  name: string,
  token: string,
  template: { subject: string; content: string },
) => adminFetch(apiPaths.adminEmailTemplate(name), token, { method: "PUT", body: JSON.stringify(template) });
