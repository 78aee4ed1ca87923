import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { paymentEvents } from "../db/schema.ts";
import { badRequest } from "../lib/app-error.ts";
import type { StripePaymentProvider } from "../payments/stripe-payment-provider.ts";
import { expireCheckout, fulfilCheckout } from "./fulfil-checkout.ts";

const INVALID_SIGNATURE = "Signature du webhook invalide.";

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body; handled events are
 * recorded so a replay changes nothing. The event only triggers: fulfilment re-reads Stripe.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { ctx, stripe }: { ctx: Context; stripe: StripePaymentProvider },
): Promise<void> {
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.post(
    "/api/stripe/webhook",
    { config: { rateLimit: { max: 600, timeWindow: "1 minute" } } },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      const secret = ctx.config.STRIPE_WEBHOOK_SECRET as string;
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body))
        throw badRequest(INVALID_SIGNATURE);
      let event: ReturnType<StripePaymentProvider["verifyWebhook"]>;
      try {
        event = stripe.verifyWebhook(request.body, signature, secret);
      } catch {
        request.log.warn("stripe webhook: bad signature");
        throw badRequest(INVALID_SIGNATURE);
      }
      const [seen] = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
      if (seen) return { received: true, duplicate: true };
      if (event.type === "checkout.session.completed") {
        await fulfilCheckout(ctx, event.data.object.id);
      } else if (event.type === "checkout.session.expired") {
        await expireCheckout(ctx, event.data.object.id);
      }
      await ctx.db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
      return { received: true };
    },
  );
}
