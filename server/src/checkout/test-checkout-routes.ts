import { CHECKOUT_MESSAGES, type TestCheckoutView } from "@lagon/contracts/checkout";
import { planById } from "@lagon/contracts/plans";
import { quote } from "@lagon/contracts/pricing";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { checkoutSessions } from "../db/schema.ts";
import { badRequest, notFound } from "../lib/app-error.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";

const params = z.object({
  sessionId: z.string().regex(/^cs_local_[\w-]{20,}$/, CHECKOUT_MESSAGES.sessionNotFound),
});

/**
 * The local test checkout's API, only when Stripe is not configured: shows what would be charged
 * and "pays", which triggers the very fulfilment Stripe's webhook triggers.
 */
export async function testCheckoutRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const load = async (sessionId: string) => {
    const [row] = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    if (!row) throw notFound(CHECKOUT_MESSAGES.sessionNotFound);
    return row;
  };

  r.get(
    "/api/test-checkout/:sessionId",
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } }, schema: { params } },
    async (request): Promise<TestCheckoutView> => {
      const row = await load(request.params.sessionId);
      const expired = row.status === "expired" || (!row.paidAt && row.expiresAt < new Date());
      const q = row.planId
        ? quote(row.planId as "starter", row.percentOff, row.kozaOption)
        : quote("libre", 0, true);
      const lines = [
        ...(row.planId
          ? [
              {
                label: `Formule ${planById(row.planId as "starter").name} (mensuel, HT)`,
                amount_cents: q.monthlyCents,
                recurring: true,
              },
            ]
          : []),
        ...(row.kozaOption || !row.planId
          ? [
              {
                label: "Koza — génération IA de votre site (une fois, HT)",
                amount_cents: q.kozaCents,
                recurring: false,
              },
            ]
          : []),
      ];
      const monthly = row.planId ? q.monthlyNetCents + q.monthlyVatCents : 0;
      return {
        session_id: request.params.sessionId,
        status: row.paidAt ? "paid" : expired ? "expired" : "open",
        customer_email: row.customerEmail,
        lines,
        discount_label: row.couponCode ? `Code ${row.couponCode} (−${row.percentOff} %)` : null,
        discount_cents: row.planId ? q.discountCents : 0,
        vat_cents: (row.planId ? q.monthlyVatCents : 0) + q.kozaVatCents,
        total_cents: monthly + q.kozaTotalCents,
        cancel_url: row.cancelUrl,
      };
    },
  );

  r.post(
    "/api/test-checkout/:sessionId/pay",
    { config: { rateLimit: { max: 20, timeWindow: "1 minute" } }, schema: { params } },
    async (request) => {
      const row = await load(request.params.sessionId);
      if (!row.paidAt) {
        if (row.status !== "open" || row.expiresAt < new Date()) {
          throw badRequest("Cette session de paiement a expiré. Recommencez votre commande.");
        }
        await ctx.db
          .update(checkoutSessions)
          .set({ paidAt: new Date() })
          .where(eq(checkoutSessions.id, row.id));
      }
      await fulfilCheckout(ctx, request.params.sessionId);
      const url = new URL(row.successUrl);
      url.searchParams.set("session_id", request.params.sessionId);
      return { redirect_url: url.toString() };
    },
  );
}
