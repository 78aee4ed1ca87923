import type { AdminTestimonial } from "@lagon/contracts/testimonials-schemas";
import { asc } from "drizzle-orm";
import type { Context } from "../context.ts";
import { testimonials } from "../db/schema.ts";

/** Every testimonial the agency entered, in the order they were entered (the home page's order). */
export async function listTestimonials(ctx: Pick<Context, "db">): Promise<AdminTestimonial[]> {
  const rows = await ctx.db
    .select()
    .from(testimonials)
    .orderBy(asc(testimonials.createdAt), asc(testimonials.id));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    business: t.business,
    text: t.text,
    rating: t.rating,
    site_url: t.siteUrl,
    consented_on: t.consentedOn,
  }));
}
