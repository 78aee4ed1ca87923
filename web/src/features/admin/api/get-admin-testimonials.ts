import type { AdminTestimonials } from "@lagon/contracts/testimonials-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `GET /api/admin/testimonials`: every testimonial, published or not. */
export const getAdminTestimonials = (token: string) =>
  adminFetch<AdminTestimonials>(apiPaths.adminTestimonials(), token);
