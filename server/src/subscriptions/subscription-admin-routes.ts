import { TokenQuery } from "@lagon/contracts/access-schemas";
import { JobIdParams, JobStatus } from "@lagon/contracts/jobs-schemas";
import {
  AdminCancelBody,
  AdminSubscriptionAction,
  AdminSuspendBody,
  AdvanceClockBody,
  TestClockView,
} from "@lagon/contracts/subscriptions-schemas";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import type { Subscription } from "../db/schema.ts";
import { route } from "../lib/route.ts";
import { findOrder } from "../orders/orders-table.ts";
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
export function subscriptionAdminRoutes(app: FastifyInstance, ctx: Context): void {
  const admin = (request: FastifyRequest) => ({ kind: "admin" as const, ip: request.ip });
  /** The subscription as it now is; 202 with the job when the site changes on its host. */
  const answer = async (sub: Subscription, orderId: string, reply: FastifyReply) => {
    const order = await findOrder(ctx.db, orderId);
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

  route(
    app,
    {
      method: "GET",
      url: "/subscriptions/site-state/:jobId",
      access: "admin-token",
      rateLimit: "default",
      params: JobIdParams,
      query: TokenQuery,
      response: { 200: JobStatus },
    },
    (request): Promise<JobStatus> => siteStateStatus(ctx, request.params.jobId),
  );

  route(
    app,
    {
      method: "POST",
      url: "/subscriptions/suspend",
      access: "admin-token",
      rateLimit: "default",
      body: AdminSuspendBody,
      query: TokenQuery,
      response: { 200: AdminSubscriptionAction, 202: AdminSubscriptionAction },
    },
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

  route(
    app,
    {
      method: "POST",
      url: "/subscriptions/unsuspend",
      access: "admin-token",
      rateLimit: "default",
      body: AdminSuspendBody,
      query: TokenQuery,
      response: { 200: AdminSubscriptionAction, 202: AdminSubscriptionAction },
    },
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

  route(
    app,
    {
      method: "POST",
      url: "/subscriptions/cancel",
      access: "admin-token",
      rateLimit: "default",
      body: AdminCancelBody,
      query: TokenQuery,
      response: { 200: AdminSubscriptionAction, 202: AdminSubscriptionAction },
    },
    async (request, reply) => {
      const { order_id: orderId, when } = request.body;
      const sub = await audited(ctx, request, { action: "subscription-cancel", orderId, details: when }, () =>
        cancelByAdmin(ctx, orderId, when, admin(request)),
      );
      return answer(sub, orderId, reply);
    },
  );

  if (!ctx.payments.productBills) return;

  route(
    app,
    {
      method: "GET",
      url: "/test-clock",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      response: { 200: TestClockView },
    },
    () => readTestClock(ctx),
  );

  route(
    app,
    {
      method: "POST",
      url: "/test-clock/advance",
      access: "admin-token",
      rateLimit: "default",
      body: AdvanceClockBody,
      query: TokenQuery,
      response: { 200: TestClockView },
    },
    (request) =>
      audited(ctx, request, { action: "test-clock-advance", details: `${request.body.days} jour(s)` }, () =>
        advanceTestClock(ctx, request.body.days),
      ),
  );
}
