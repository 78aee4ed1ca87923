import { TokenQuery } from "@lagon/contracts/access-schemas";
import { SUBSCRIPTION_MESSAGES } from "@lagon/contracts/subscriptions";
import {
  BillingPortalUrl,
  ChangePlanBody,
  PortalCardBody,
  SubscriptionActionBody,
  type SubscriptionActionResult,
} from "@lagon/contracts/subscriptions-schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import type { Subscription } from "../db/schema.ts";
import { billingNow } from "./billing-clock.ts";
import { billingPortalUrl, describeTestPortal, portalSession, replaceTestCard } from "./billing-portal.ts";
import { cancelSubscription, changePlan, undoCancellation } from "./customer-actions.ts";
import { subscriptionView } from "./subscription-view.ts";

const tokenChecks = { rateLimit: { max: 60, timeWindow: "1 minute" } };
/** Actions that change or charge something: fewer. */
const actions = { rateLimit: { max: 20, timeWindow: "1 minute" } };
const params = z.object({ orderId: z.string() });

/** The customer's subscription actions, behind the order's token (customer/order-access.ts). */
export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const answer = async (
        order: Parameters<typeof subscriptionView>[2],
        sub: Subscription,
        detail: string,
      ): Promise<SubscriptionActionResult> => ({
        detail,
        subscription: subscriptionView(ctx, sub, order, await billingNow(ctx), ctx.payments.billingCalendar),
      });
      const customer = (ip: string) => ({ kind: "customer" as const, ip });

      r.post(
        "/api/order/:orderId/subscription/cancel",
        { config: actions, schema: { params, body: SubscriptionActionBody } },
        async (request) =>
          answer(
            request.order,
            await cancelSubscription(ctx, request.order, customer(request.ip)),
            SUBSCRIPTION_MESSAGES.cancelledOk,
          ),
      );

      r.post(
        "/api/order/:orderId/subscription/undo-cancel",
        { config: actions, schema: { params, body: SubscriptionActionBody } },
        async (request) =>
          answer(
            request.order,
            await undoCancellation(ctx, request.order, customer(request.ip)),
            SUBSCRIPTION_MESSAGES.undoOk,
          ),
      );

      r.post(
        "/api/order/:orderId/subscription/change-plan",
        { config: actions, schema: { params, body: ChangePlanBody } },
        async (request) => {
          const sub = await changePlan(ctx, request.order, request.body.plan_id, customer(request.ip));
          const detail = sub.pendingPlanId
            ? "Changement de formule programmé pour la fin de la période."
            : "Formule changée.";
          return answer(request.order, sub, detail);
        },
      );

      r.post(
        "/api/order/:orderId/billing-portal",
        {
          config: actions,
          schema: { params, body: SubscriptionActionBody, response: { 200: BillingPortalUrl } },
        },
        async (request) => ({ url: await billingPortalUrl(ctx, request.order, request.orderToken.value) }),
      );

      // The e-mails' "Mettre à jour ma carte" link: opens the portal straight away.
      r.get(
        "/api/order/:orderId/billing-portal/open",
        { config: actions, schema: { params, querystring: TokenQuery } },
        async (request, reply) =>
          reply
            .header("Cache-Control", "no-store")
            .redirect(await billingPortalUrl(ctx, request.order, request.orderToken.value), 303),
      );
    }),
  );
}

/** The local customer portal's API, registered only when Stripe is not configured. */
export async function testPortalRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The session id is the credential, like the test checkout's: checked before the body is.
  const portal = z.object({ portalSessionId: z.string().max(200) });
  const knownSession = async (request: FastifyRequest) => {
    const { portalSessionId } = request.params as { portalSessionId?: string };
    await portalSession(ctx, String(portalSessionId));
  };

  r.get("/api/test-portal/:portalSessionId", { config: tokenChecks, schema: { params: portal } }, (request) =>
    describeTestPortal(ctx, request.params.portalSessionId),
  );

  r.post(
    "/api/test-portal/:portalSessionId/card",
    { config: actions, preValidation: knownSession, schema: { params: portal, body: PortalCardBody } },
    (request) =>
      replaceTestCard(ctx, request.params.portalSessionId, request.body.card, {
        kind: "customer",
        ip: request.ip,
      }),
  );
}
