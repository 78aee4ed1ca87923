import { CreateCheckoutSessionRequest } from "@lagon/contracts/checkout-schemas";
import { isValidSubdomain } from "@lagon/contracts/subdomain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { validateCoupon } from "../coupons/validate-coupon.ts";
import { ownOpenHold } from "./checkout-hold.ts";
import { createCheckoutSession } from "./create-checkout-session.ts";
import { orderStatus } from "./order-status.ts";
import { subdomainAvailability } from "./subdomain-availability.ts";

export async function checkoutRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/stripe/create-checkout-session",
    {
      config: { rateLimit: { max: 20, timeWindow: "10 minutes" } },
      schema: { body: CreateCheckoutSessionRequest },
    },
    async (request, reply) => {
      const { checkout_url, holdCookie } = await createCheckoutSession(
        ctx,
        request.body,
        request.headers.cookie,
      );
      return reply.header("Set-Cookie", holdCookie).send({ checkout_url });
    },
  );

  r.post(
    "/api/validate-coupon/:code",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { params: z.object({ code: z.string() }) },
    },
    (request) => validateCoupon(ctx, request.params.code),
  );

  r.get(
    "/api/subdomain-availability/:name",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { params: z.object({ name: z.string() }) },
    },
    // The visitor's own open checkout (proven by its cookie) does not make it unavailable to them.
    async (request) => {
      const name = request.params.name.trim().toLowerCase();
      const own = isValidSubdomain(name) ? await ownOpenHold(ctx, name, request.headers.cookie) : undefined;
      return subdomainAvailability(ctx.db, name, own);
    },
  );

  r.get(
    "/api/order-status/:sessionId",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { params: z.object({ sessionId: z.string().min(1).max(300) }) },
    },
    (request) => orderStatus(ctx, request.params.sessionId),
  );
}
