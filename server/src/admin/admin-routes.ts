import { TokenQuery } from "@lagon/contracts/access-schemas";
import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import {
  AdminJobStatus,
  AdminOrders,
  AdminOrdersQuery,
  Analytics,
  EmailTemplates,
  JobIdParams,
  OrderEmails,
  OrderIdBody,
  OrderIdParams,
  SaveTemplateBody,
} from "@lagon/contracts/admin-schemas";
import { Done } from "@lagon/contracts/answers-schemas";
import { DOMAIN_ADMIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { AdminCustomDomains, RefuseDomainBody } from "@lagon/contracts/custom-domain-schemas";
import { JobStarted } from "@lagon/contracts/jobs-schemas";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { backupAdminRoutes } from "../backups/backup-admin-routes.ts";
import { chatAdminRoutes } from "../chat/chat-routes.ts";
import type { Context } from "../context.ts";
import {
  listCustomDomains,
  markDomainBought,
  recheckDomain,
  refuseDomain,
  removeDomain,
} from "../custom-domain/admin-domain-actions.ts";
import { invoiceAdminRoutes } from "../invoices/invoice-admin-routes.ts";
import { accepted } from "../jobs/site-job.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { mailboxAdminRoutes } from "../mailboxes/mailbox-routes.ts";
import { LARGE_BODY_LIMIT } from "../plugins/body-limits.ts";
import { subscriptionAdminRoutes } from "../subscriptions/subscription-admin-routes.ts";
import { testimonialAdminRoutes } from "../testimonials/testimonial-routes.ts";
import { audited, requireAdmin } from "./admin-auth.ts";
import { computeAnalytics } from "./analytics.ts";
import { exportOrdersCsv } from "./export-csv.ts";
import { listEmailTemplates } from "./list-email-templates.ts";
import { listOrderEmails } from "./list-order-emails.ts";
import { listOrders } from "./list-orders.ts";
import { reinstallStatus, requestReinstall } from "./reinstall-wordpress.ts";
import { resendMagicLink } from "./resend-magic-link.ts";
import { resumeOrder } from "./resume-order.ts";
import { saveEmailTemplate } from "./save-email-template.ts";

/**
 * The admin level, registered under /api/admin: every route of this scope is behind the admin
 * token (one hook, requireAdmin); every action goes to the audit log.
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  requireAdmin(app, ctx);

  route(
    app,
    {
      method: "GET",
      url: "/orders",
      access: "admin-token",
      rateLimit: "default",
      query: AdminOrdersQuery,
      response: { 200: AdminOrders },
    },
    (request) => listOrders(ctx, request.query),
  );

  route(
    app,
    {
      method: "GET",
      url: "/orders/:orderId/emails",
      access: "admin-token",
      rateLimit: "default",
      params: OrderIdParams,
      query: TokenQuery,
      response: { 200: OrderEmails },
    },
    async (request): Promise<OrderEmails> => ({
      emails: await listOrderEmails(ctx, request.params.orderId),
    }),
  );

  route(
    app,
    {
      method: "POST",
      url: "/resend-magic-link",
      access: "admin-token",
      rateLimit: "default",
      body: OrderIdBody,
      query: TokenQuery,
      response: { 200: Done },
    },
    async (request) => {
      const orderId = request.body.order_id;
      await audited(ctx, request, { action: "resend-magic-link", orderId }, () =>
        resendMagicLink(ctx, orderId),
      );
      return { success: true, detail: ADMIN_MESSAGES.resendOk };
    },
  );

  // A reinstall can take minutes over SSH: it runs as a job, which the admin page follows.
  route(
    app,
    {
      method: "POST",
      url: "/reinstall-wordpress",
      access: "admin-token",
      rateLimit: "default",
      body: OrderIdBody,
      query: TokenQuery,
      response: { 202: JobStarted },
    },
    async (request, reply) => {
      const orderId = request.body.order_id;
      const jobId = await audited(ctx, request, { action: "reinstall-wordpress", orderId }, () =>
        requestReinstall(ctx, orderId),
      );
      return accepted(reply, ADMIN_MESSAGES.reinstallStarted, jobId);
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/reinstall-wordpress/:jobId",
      access: "admin-token",
      rateLimit: "default",
      params: JobIdParams,
      query: TokenQuery,
      response: { 200: AdminJobStatus },
    },
    (request): Promise<AdminJobStatus> => reinstallStatus(ctx, request.params.jobId),
  );

  route(
    app,
    {
      method: "POST",
      url: "/resume-order",
      access: "admin-token",
      rateLimit: "default",
      body: OrderIdBody,
      query: TokenQuery,
      response: { 200: Done },
    },
    async (request) => {
      const orderId = request.body.order_id;
      await audited(ctx, request, { action: "resume-order", orderId }, () => resumeOrder(ctx, orderId));
      return { success: true, detail: ADMIN_MESSAGES.resumeOk };
    },
  );

  subscriptionAdminRoutes(app, ctx);
  chatAdminRoutes(app, ctx);
  invoiceAdminRoutes(app, ctx);
  backupAdminRoutes(app, ctx);
  mailboxAdminRoutes(app, ctx);
  testimonialAdminRoutes(app, ctx);
  route(
    app,
    {
      method: "GET",
      url: "/custom-domains",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      response: { 200: AdminCustomDomains },
    },
    async (): Promise<AdminCustomDomains> => ({ domains: await listCustomDomains(ctx) }),
  );

  const domainActions = {
    recheck: [recheckDomain, DOMAIN_ADMIN_MESSAGES.rechecked],
    "mark-bought": [markDomainBought, DOMAIN_ADMIN_MESSAGES.markedBought],
    remove: [removeDomain, DOMAIN_ADMIN_MESSAGES.removed],
  } as const;
  for (const [name, [run, detail]] of Object.entries(domainActions)) {
    route(
      app,
      {
        method: "POST",
        url: `/custom-domains/:orderId/${name}`,
        access: "admin-token",
        rateLimit: "default",
        params: OrderIdParams,
        query: TokenQuery,
        response: { 200: Done },
      },
      async (request) => {
        const { orderId } = request.params;
        await audited(ctx, request, { action: `custom-domain-${name}`, orderId }, () => run(ctx, orderId));
        return { success: true, detail };
      },
    );
  }

  route(
    app,
    {
      method: "POST",
      url: "/custom-domains/:orderId/refuse",
      access: "admin-token",
      rateLimit: "default",
      params: OrderIdParams,
      query: TokenQuery,
      body: RefuseDomainBody,
      response: { 200: Done },
    },
    async (request) => {
      const { orderId } = request.params;
      await audited(ctx, request, { action: "custom-domain-refuse", orderId }, () =>
        refuseDomain(ctx, orderId, request.body.reason),
      );
      return { success: true, detail: DOMAIN_ADMIN_MESSAGES.refused };
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/analytics",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      response: { 200: Analytics },
    },
    () => computeAnalytics(ctx),
  );

  route(
    app,
    {
      method: "GET",
      url: "/export-csv",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      response: { 200: rawAnswer("text/csv") },
    },
    async (request, reply) => {
      const csv = await audited(ctx, request, { action: "export-csv" }, async () => exportOrdersCsv(ctx));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="commandes-${day}.csv"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/email-templates",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      response: { 200: EmailTemplates },
    },
    async (): Promise<EmailTemplates> => ({ templates: await listEmailTemplates(ctx) }),
  );

  // A template is up to 100 000 characters, more once escaped in JSON: above the API's default.
  route(
    app,
    {
      method: "PUT",
      url: "/email-templates/:name",
      access: "admin-token",
      rateLimit: "default",
      bodyLimit: LARGE_BODY_LIMIT,
      params: z.object({ name: z.string().max(100) }),
      query: TokenQuery,
      body: SaveTemplateBody,
      response: { 200: Done },
    },
    async (request) => {
      const { name } = request.params;
      await audited(ctx, request, { action: "save-email-template", details: name }, () =>
        saveEmailTemplate(ctx, name, request.body),
      );
      return { success: true, detail: ADMIN_MESSAGES.templateSaved };
    },
  );
}
