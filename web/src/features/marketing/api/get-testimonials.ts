import type { PublicTestimonial } from "@lagon/contracts/testimonials-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/testimonials`: the testimonials the agency published. */
export const getTestimonials = () =>
  fetchJson<{ testimonials: PublicTestimonial[] }>(apiPaths.testimonials());
