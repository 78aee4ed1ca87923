import { TESTIMONIAL_MESSAGES } from "@lagon/contracts/testimonials";
import type { TestimonialInput } from "@lagon/contracts/testimonials-schemas";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../context.ts";
import { testimonials } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";

type Input = z.output<typeof TestimonialInput>;

const columns = (input: Input) => ({
  name: input.name,
  business: input.business,
  text: input.text,
  rating: input.rating,
  consentedOn: input.consented_on,
  siteUrl: input.site_url,
});

/** Adds a testimonial the agency was given; the home page shows it from its next load. */
export async function createTestimonial(ctx: Pick<Context, "db">, input: Input): Promise<string> {
  const [row] = await ctx.db.insert(testimonials).values(columns(input)).returning({ id: testimonials.id });
  if (!row) throw new Error("testimonial not inserted");
  return row.id;
}

/** Replaces a testimonial's fields (a correction the person asked for, a new consent date). */
export async function updateTestimonial(ctx: Pick<Context, "db">, id: string, input: Input): Promise<void> {
  const updated = await ctx.db
    .update(testimonials)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (updated.length === 0) throw notFound(TESTIMONIAL_MESSAGES.notFound);
}

/** Removes a testimonial (a withdrawn consent): the home page stops showing it at once. */
export async function deleteTestimonial(ctx: Pick<Context, "db">, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(testimonials)
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (deleted.length === 0) throw notFound(TESTIMONIAL_MESSAGES.notFound);
}
