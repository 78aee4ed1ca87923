import { TokenQuery } from "@lagon/contracts/access-schemas";
import { TESTIMONIAL_MESSAGES } from "@lagon/contracts/testimonials";
import {
  type AdminTestimonials,
  type PublicTestimonials,
  TestimonialIdParams,
  TestimonialInput,
} from "@lagon/contracts/testimonials-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { listTestimonials } from "./list-testimonials.ts";
import { createTestimonial, deleteTestimonial, updateTestimonial } from "./save-testimonial.ts";

/**
 * GET /api/testimonials: what the home page quotes, the agency's content (decision 0047). Read
 * again on each load (revalidated, never kept stale): a withdrawn consent takes effect at once.
 */
export async function testimonialRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  app.get(
    "/api/testimonials",
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (_request, reply) => {
      const list = await listTestimonials(ctx);
      const body: PublicTestimonials = {
        testimonials: list.map(({ consented_on: _, ...shown }) => shown),
      };
      return reply.header("Cache-Control", "no-cache").send(body);
    },
  );
}

/** The admin's testimonials, registered inside the admin scope (admin-routes.ts). */
export function testimonialAdminRoutes(
  app: FastifyInstance,
  ctx: Context,
  limits: { rateLimit: Record<string, unknown> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/testimonials",
    { config: limits, schema: { querystring: TokenQuery } },
    async (): Promise<AdminTestimonials> => ({ testimonials: await listTestimonials(ctx) }),
  );

  r.post(
    "/testimonials",
    { config: limits, schema: { querystring: TokenQuery, body: TestimonialInput } },
    async (request, reply) => {
      const id = await audited(
        ctx,
        request,
        { action: "create-testimonial", details: request.body.business },
        () => createTestimonial(ctx, request.body),
      );
      return reply.status(201).send({ success: true, detail: TESTIMONIAL_MESSAGES.created, id });
    },
  );

  r.put(
    "/testimonials/:id",
    {
      config: limits,
      schema: { params: TestimonialIdParams, querystring: TokenQuery, body: TestimonialInput },
    },
    async (request) => {
      await audited(ctx, request, { action: "update-testimonial", details: request.body.business }, () =>
        updateTestimonial(ctx, request.params.id, request.body),
      );
      return { success: true, detail: TESTIMONIAL_MESSAGES.saved };
    },
  );

  r.delete(
    "/testimonials/:id",
    { config: limits, schema: { params: TestimonialIdParams, querystring: TokenQuery } },
    async (request) => {
      await audited(ctx, request, { action: "delete-testimonial", details: request.params.id }, () =>
        deleteTestimonial(ctx, request.params.id),
      );
      return { success: true, detail: TESTIMONIAL_MESSAGES.deleted };
    },
  );
}
