import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `POST /api/admin/testimonials`, or `PUT …/{id}` for one being edited: answers its French detail. */
export const saveTestimonial = (token: string, editing: string | null, body: string) =>
  adminFetch<{ detail: string }>(
    editing ? apiPaths.adminTestimonial(editing) : apiPaths.adminTestimonials(),
    token,
    {
      method: editing ? "PUT" : "POST",
      body,
    },
  );
