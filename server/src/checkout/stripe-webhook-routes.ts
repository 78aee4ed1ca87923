import { WebhookReceived } from "@lagon/contracts/checkout-schemas";
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { Context } from "../context.ts";
import { badRequest } from "../lib/app-error.ts";
import { route } from "../lib/route.ts";
import type { StripePaymentProvider } from "../payments/stripe-payment-provider.ts";
import { LARGE_BODY_LIMIT } from "../plugins/body-limits.ts";
import { handleStripeEvent } from "./handle-stripe-event.ts";

const INVALID_SIGNATURE = "Signature du webhook invalide.";

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so JSON bodies
 * are kept raw in this plugin only (its parser does not reach the other routes).
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { ctx, stripe }: { ctx: Context; stripe: StripePaymentProvider },
): Promise<void> {
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  route(
    app,
    {
      method: "POST",
      url: "/api/stripe/webhook",
      // Anyone may call; the signature of Stripe's secret over the raw body is checked first thing.
      access: "public",
      rateLimit: "machines",
      // Stripe sets no size to its events: an invoice with many lines goes past the API's default.
      bodyLimit: LARGE_BODY_LIMIT,
      response: { 200: WebhookReceived },
    },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      const secret = ctx.config.STRIPE_WEBHOOK_SECRET as string;
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body))
        throw badRequest(INVALID_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = stripe.verifyWebhook(request.body, signature, secret);
      } catch {
        request.log.warn("stripe webhook: bad signature");
        throw badRequest(INVALID_SIGNATURE);
      }
      return handleStripeEvent(ctx, event);
    },
  );
}
