import { TestCheckoutPaid, TestCheckoutView } from "@lagon/contracts/checkout-schemas";
import { TestCardBody } from "@lagon/contracts/subscriptions-schemas";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Context } from "../context.ts";
import { route } from "../lib/route.ts";
import { describeTestCheckout } from "./describe-test-checkout.ts";
import { payTestCheckout } from "./pay-test-checkout.ts";

/** The session id is the credential: a malformed one is just as unknown (404) as a wrong one. */
const params = z.object({ sessionId: z.string() });

/** The local test checkout's API, registered only when Stripe is not configured. */
export async function testCheckoutRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  route(
    app,
    {
      method: "GET",
      url: "/api/test-checkout/:sessionId",
      access: "secret-in-path",
      rateLimit: "reads",
      params,
      response: { 200: TestCheckoutView },
    },
    (request) => describeTestCheckout(ctx, request.params.sessionId),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/test-checkout/:sessionId/pay",
      access: "secret-in-path",
      rateLimit: "writes",
      params,
      body: TestCardBody,
      response: { 200: TestCheckoutPaid },
    },
    (request) => payTestCheckout(ctx, request.params.sessionId, request.body?.card),
  );
}
