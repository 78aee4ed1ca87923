import { TokenQuery } from "@lagon/contracts/access-schemas";
import { SUBSCRIPTION_MESSAGES } from "@lagon/contracts/subscriptions";
import {
  BillingPortalUrl,
  ChangePlanBody,
  PortalCardBody,
  PortalCardResult,
  SubscriptionActionBody,
  SubscriptionActionResult,
  TestPortalView,
} from "@lagon/contracts/subscriptions-schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import type { Order, Subscription } from "../db/schema.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { orderMailInUse } from "../mailboxes/plan-mail.ts";
import { billingNow } from "./billing-clock.ts";
import { billingPortalUrl, describeTestPortal, portalSession, replaceTestCard } from "./billing-portal.ts";
import { cancelSubscription, changePlan, undoCancellation } from "./customer-actions.ts";
import { subscriptionView } from "./subscription-view.ts";

const params = z.object({ orderId: z.string() });

/** The customer's subscription actions, behind the order's token (customer/order-access.ts). */
export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const answer = async (
        order: Order,
        sub: Subscription,
        detail: string,
      ): Promise<SubscriptionActionResult> => ({
        detail,
        subscription: subscriptionView(
          ctx,
          sub,
          order,
          await billingNow(ctx),
          ctx.payments.billingCalendar,
          sub.status === "active" ? await orderMailInUse(ctx, order.id) : undefined,
        ),
      });
      const customer = (ip: string) => ({ kind: "customer" as const, ip });

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/subscription/cancel",
          access: "order-token",
          // Actions that change or charge something: fewer.
          rateLimit: "writes",
          params,
          body: SubscriptionActionBody,
          response: { 200: SubscriptionActionResult },
        },
        async (request) =>
          answer(
            request.order,
            await cancelSubscription(ctx, request.order, customer(request.ip)),
            SUBSCRIPTION_MESSAGES.cancelledOk,
          ),
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/subscription/undo-cancel",
          access: "order-token",
          rateLimit: "writes",
          params,
          body: SubscriptionActionBody,
          response: { 200: SubscriptionActionResult },
        },
        async (request) =>
          answer(
            request.order,
            await undoCancellation(ctx, request.order, customer(request.ip)),
            SUBSCRIPTION_MESSAGES.undoOk,
          ),
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/subscription/change-plan",
          access: "order-token",
          rateLimit: "writes",
          params,
          body: ChangePlanBody,
          response: { 200: SubscriptionActionResult },
        },
        async (request) => {
          const sub = await changePlan(ctx, request.order, request.body.plan_id, customer(request.ip));
          const detail = sub.pendingPlanId
            ? "Changement de formule programmé pour la fin de la période."
            : "Formule changée.";
          return answer(request.order, sub, detail);
        },
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/billing-portal",
          access: "order-token",
          rateLimit: "writes",
          params,
          body: SubscriptionActionBody,
          response: { 200: BillingPortalUrl },
        },
        async (request) => ({ url: await billingPortalUrl(ctx, request.order, request.orderToken.value) }),
      );

      // The e-mails' "Mettre à jour ma carte" link: opens the portal straight away.
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/billing-portal/open",
          access: "order-token",
          rateLimit: "writes",
          params,
          query: TokenQuery,
          response: { 303: rawAnswer("a 303 redirect to the portal") },
        },
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
  // The session id is the credential, like the test checkout's: checked before the body is.
  const portal = z.object({ portalSessionId: z.string().max(200) });
  const knownSession = async (request: FastifyRequest) => {
    const { portalSessionId } = request.params as { portalSessionId?: string };
    await portalSession(ctx, String(portalSessionId));
  };

  route(
    app,
    {
      method: "GET",
      url: "/api/test-portal/:portalSessionId",
      access: "secret-in-path",
      rateLimit: "reads",
      params: portal,
      response: { 200: TestPortalView },
    },
    (request) => describeTestPortal(ctx, request.params.portalSessionId),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/test-portal/:portalSessionId/card",
      access: "secret-in-path",
      rateLimit: "writes",
      params: portal,
      body: PortalCardBody,
      preValidation: knownSession,
      response: { 200: PortalCardResult },
    },
    (request) =>
      replaceTestCard(ctx, request.params.portalSessionId, request.body.card, {
        kind: "customer",
        ip: request.ip,
      }),
  );
}
