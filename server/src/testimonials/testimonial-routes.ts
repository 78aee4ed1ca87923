import { TokenQuery } from "@lagon/contracts/access-schemas";
import { Done } from "@lagon/contracts/answers-schemas";
import { TESTIMONIAL_MESSAGES } from "@lagon/contracts/testimonials";
import {
  AdminTestimonials,
  PublicTestimonials,
  TestimonialCreated,
  TestimonialIdParams,
  TestimonialInput,
} from "@lagon/contracts/testimonials-schemas";
import type { FastifyInstance } from "fastify";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { route } from "../lib/route.ts";
import { listTestimonials } from "./list-testimonials.ts";
import { createTestimonial, deleteTestimonial, updateTestimonial } from "./save-testimonial.ts";

/**
 * GET /api/testimonials: what the home page quotes, the agency's content (decision 0047). Read
 * again on each load (revalidated, never kept stale): a withdrawn consent takes effect at once.
 */
export async function testimonialRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  route(
    app,
    {
      method: "GET",
      url: "/api/testimonials",
      access: "public",
      rateLimit: "publicReads",
      response: { 200: PublicTestimonials },
    },
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
export function testimonialAdminRoutes(app: FastifyInstance, ctx: Pick<Context, "db">): void {
  route(
    app,
    {
      method: "GET",
      url: "/testimonials",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      response: { 200: AdminTestimonials },
    },
    async (): Promise<AdminTestimonials> => ({ testimonials: await listTestimonials(ctx) }),
  );

  route(
    app,
    {
      method: "POST",
      url: "/testimonials",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      body: TestimonialInput,
      response: { 201: TestimonialCreated },
    },
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

  route(
    app,
    {
      method: "PUT",
      url: "/testimonials/:id",
      access: "admin-token",
      rateLimit: "default",
      params: TestimonialIdParams,
      query: TokenQuery,
      body: TestimonialInput,
      response: { 200: Done },
    },
    async (request) => {
      await audited(ctx, request, { action: "update-testimonial", details: request.body.business }, () =>
        updateTestimonial(ctx, request.params.id, request.body),
      );
      return { success: true, detail: TESTIMONIAL_MESSAGES.saved };
    },
  );

  route(
    app,
    {
      method: "DELETE",
      url: "/testimonials/:id",
      access: "admin-token",
      rateLimit: "default",
      params: TestimonialIdParams,
      query: TokenQuery,
      response: { 200: Done },
    },
    async (request) => {
      await audited(ctx, request, { action: "delete-testimonial", details: request.params.id }, () =>
        deleteTestimonial(ctx, request.params.id),
      );
      return { success: true, detail: TESTIMONIAL_MESSAGES.deleted };
    },
  );
}
