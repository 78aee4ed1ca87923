import { TokenQuery } from "@lagon/contracts/access-schemas";
import { JobIdParams, type JobStatus } from "@lagon/contracts/jobs-schemas";
import {
  AdminCancelBody,
  type AdminSubscriptionAction,
  AdminSuspendBody,
  AdvanceClockBody,
} from "@lagon/contracts/subscriptions-schemas";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { orders, type Subscription } from "../db/schema.ts";
import { cancelByAdmin, suspendByAdmin, unsuspendByAdmin } from "./admin-actions.ts";
import { billingNow } from "./billing-clock.ts";
import { siteStateJobId, siteStateStatus } from "./site-state-job.ts";
import { adminSubscriptionView } from "./subscription-view.ts";
import { advanceTestClock, readTestClock } from "./test-clock.ts";

/**
 * The admin's subscription actions, registered inside the admin scope (admin-routes.ts, behind
 * the admin token). The billing test clock exists only without Stripe: a 404 otherwise. A
 * suspension, its lifting or a cancellation changes the subscription at once and queues the
 * site's change on its host (site-state-job.ts): 202 with the job, which the admin page follows.
 */
export function subscriptionAdminRoutes(
  app: FastifyInstance,
  ctx: Context,
  limits: { rateLimit: Record<string, unknown> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = (request: FastifyRequest) => ({ kind: "admin" as const, ip: request.ip });
  /** The subscription as it now is; 202 with the job when the site changes on its host. */
  const answer = async (sub: Subscription, orderId: string, reply: FastifyReply) => {
    const [order] = await ctx.db
      .select({
        country: orders.country,
        siret: orders.siret,
        vatNumber: orders.vatNumber,
        discountPercent: orders.discountPercent,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw new Error(`no order ${orderId} for its subscription`);
    const jobId = await siteStateJobId(ctx, orderId);
    const body: AdminSubscriptionAction = {
      success: true,
      subscription: adminSubscriptionView(
        ctx,
        sub,
        order,
        await billingNow(ctx),
        ctx.payments.billingCalendar,
      ),
      job_id: jobId,
    };
    return reply.status(jobId ? 202 : 200).send(body);
  };

  r.get(
    "/subscriptions/site-state/:jobId",
    { config: limits, schema: { params: JobIdParams, querystring: TokenQuery } },
    (request): Promise<JobStatus> => siteStateStatus(ctx, request.params.jobId),
  );

  r.post(
    "/subscriptions/suspend",
    { config: limits, schema: { body: AdminSuspendBody, querystring: TokenQuery } },
    async (request, reply) => {
      const { order_id: orderId, reason } = request.body;
      const sub = await audited(
        ctx,
        request,
        { action: "subscription-suspend", orderId, details: reason },
        () => suspendByAdmin(ctx, orderId, reason, admin(request)),
      );
      return answer(sub, orderId, reply);
    },
  );

  r.post(
    "/subscriptions/unsuspend",
    { config: limits, schema: { body: AdminSuspendBody, querystring: TokenQuery } },
    async (request, reply) => {
      const { order_id: orderId, reason } = request.body;
      const sub = await audited(
        ctx,
        request,
        { action: "subscription-unsuspend", orderId, details: reason },
        () => unsuspendByAdmin(ctx, orderId, reason, admin(request)),
      );
      return answer(sub, orderId, reply);
    },
  );

  r.post(
    "/subscriptions/cancel",
    { config: limits, schema: { body: AdminCancelBody, querystring: TokenQuery } },
    async (request, reply) => {
      const { order_id: orderId, when } = request.body;
      const sub = await audited(ctx, request, { action: "subscription-cancel", orderId, details: when }, () =>
        cancelByAdmin(ctx, orderId, when, admin(request)),
      );
      return answer(sub, orderId, reply);
    },
  );

  if (!ctx.payments.productBills) return;

  r.get("/test-clock", { config: limits, schema: { querystring: TokenQuery } }, () => readTestClock(ctx));

  r.post(
    "/test-clock/advance",
    { config: limits, schema: { body: AdvanceClockBody, querystring: TokenQuery } },
    (request) =>
      audited(ctx, request, { action: "test-clock-advance", details: `${request.body.days} jour(s)` }, () =>
        advanceTestClock(ctx, request.body.days),
      ),
  );
}
