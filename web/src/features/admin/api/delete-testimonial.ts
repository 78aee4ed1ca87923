import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `DELETE /api/admin/testimonials/{id}`: answers its French detail. */
export const deleteTestimonial = (id: string, token: string) =>
  adminFetch<{ detail: string }>(apiPaths.adminTestimonial(id), token, { method: "DELETE" });
