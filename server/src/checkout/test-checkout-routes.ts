import { TestCardBody } from "@lagon/contracts/subscriptions-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { describeTestCheckout } from "./describe-test-checkout.ts";
import { payTestCheckout } from "./pay-test-checkout.ts";

/** The session id is the credential: a malformed one is just as unknown (404) as a wrong one. */
const params = z.object({ sessionId: z.string() });

/** The local test checkout's API, registered only when Stripe is not configured. */
export async function testCheckoutRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/test-checkout/:sessionId",
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } }, schema: { params } },
    (request) => describeTestCheckout(ctx, request.params.sessionId),
  );

  r.post(
    "/api/test-checkout/:sessionId/pay",
    { config: { rateLimit: { max: 20, timeWindow: "1 minute" } }, schema: { params, body: TestCardBody } },
    (request) => payTestCheckout(ctx, request.params.sessionId, request.body?.card),
  );
}
