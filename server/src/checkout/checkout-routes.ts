import {
  CheckoutSessionCreated,
  CouponResult,
  CreateCheckoutSessionRequest,
  OrderStatusResponse,
  SubdomainAvailability,
} from "@lagon/contracts/checkout-schemas";
import { isValidSubdomain } from "@lagon/contracts/subdomain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Context } from "../context.ts";
import { validateCoupon } from "../coupons/validate-coupon.ts";
import { route } from "../lib/route.ts";
import { ownOpenHold } from "./checkout-hold.ts";
import { createCheckoutSession } from "./create-checkout-session.ts";
import { orderStatus } from "./order-status.ts";
import { subdomainAvailability } from "./subdomain-availability.ts";

export async function checkoutRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  route(
    app,
    {
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      access: "public",
      rateLimit: "checkouts",
      body: CreateCheckoutSessionRequest,
      response: { 200: CheckoutSessionCreated },
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

  route(
    app,
    {
      method: "POST",
      url: "/api/validate-coupon/:code",
      access: "public",
      rateLimit: "checks",
      params: z.object({ code: z.string() }),
      response: { 200: CouponResult },
    },
    (request) => validateCoupon(ctx, request.params.code),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/subdomain-availability/:name",
      access: "public",
      rateLimit: "reads",
      params: z.object({ name: z.string() }),
      response: { 200: SubdomainAvailability },
    },
    // The visitor's own open checkout (proven by its cookie) does not make it unavailable to them.
    async (request) => {
      const name = request.params.name.trim().toLowerCase();
      const own = isValidSubdomain(name) ? await ownOpenHold(ctx, name, request.headers.cookie) : undefined;
      return subdomainAvailability(ctx.db, name, own);
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/order-status/:sessionId",
      // The checkout session's id is the credential: an unknown one is a 404.
      access: "secret-in-path",
      rateLimit: "reads",
      params: z.object({ sessionId: z.string().min(1).max(300) }),
      response: { 200: OrderStatusResponse },
    },
    (request) => orderStatus(ctx, request.params.sessionId),
  );
}
