import { TokenQuery } from "@lagon/contracts/access-schemas";
import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import {
  type AdminJobStatus,
  AdminOrdersQuery,
  type EmailLogEntry,
  type EmailTemplateView,
  JobIdParams,
  OrderIdBody,
  OrderIdParams,
  SaveTemplateBody,
} from "@lagon/contracts/admin-schemas";
import { DOMAIN_ADMIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { type AdminCustomDomains, RefuseDomainBody } from "@lagon/contracts/custom-domain-schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
import { mailboxAdminRoutes } from "../mailboxes/mailbox-routes.ts";
import { LARGE_BODY_LIMIT } from "../plugins/body-limits.ts";
import { subscriptionAdminRoutes } from "../subscriptions/subscription-admin-routes.ts";
import { testimonialAdminRoutes } from "../testimonials/testimonial-routes.ts";
import { audited, holdsAdminToken, requireAdmin } from "./admin-auth.ts";
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
  // Wrong tokens share one budget per address; the right one is never refused by a flood of them.
  const limits = {
    rateLimit: {
      max: 300,
      timeWindow: "1 minute",
      allowList: (request: FastifyRequest) => holdsAdminToken(ctx, request),
    },
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/orders", { config: limits, schema: { querystring: AdminOrdersQuery } }, (request) =>
    listOrders(ctx, request.query),
  );

  r.get(
    "/orders/:orderId/emails",
    {
      config: limits,
      schema: { params: OrderIdParams, querystring: TokenQuery },
    },
    async (request): Promise<{ emails: EmailLogEntry[] }> => ({
      emails: await listOrderEmails(ctx, request.params.orderId),
    }),
  );

  r.post(
    "/resend-magic-link",
    { config: limits, schema: { body: OrderIdBody, querystring: TokenQuery } },
    async (request) => {
      const orderId = request.body.order_id;
      await audited(ctx, request, { action: "resend-magic-link", orderId }, () =>
        resendMagicLink(ctx, orderId),
      );
      return { success: true, detail: ADMIN_MESSAGES.resendOk };
    },
  );

  // A reinstall can take minutes over SSH: it runs as a job, which the admin page follows.
  r.post(
    "/reinstall-wordpress",
    { config: limits, schema: { body: OrderIdBody, querystring: TokenQuery } },
    async (request, reply) => {
      const orderId = request.body.order_id;
      const jobId = await audited(ctx, request, { action: "reinstall-wordpress", orderId }, () =>
        requestReinstall(ctx, orderId),
      );
      return accepted(reply, ADMIN_MESSAGES.reinstallStarted, jobId);
    },
  );

  r.get(
    "/reinstall-wordpress/:jobId",
    { config: limits, schema: { params: JobIdParams, querystring: TokenQuery } },
    (request): Promise<AdminJobStatus> => reinstallStatus(ctx, request.params.jobId),
  );

  r.post(
    "/resume-order",
    { config: limits, schema: { body: OrderIdBody, querystring: TokenQuery } },
    async (request) => {
      const orderId = request.body.order_id;
      await audited(ctx, request, { action: "resume-order", orderId }, () => resumeOrder(ctx, orderId));
      return { success: true, detail: ADMIN_MESSAGES.resumeOk };
    },
  );

  subscriptionAdminRoutes(app, ctx, limits);
  chatAdminRoutes(app, ctx, limits);
  invoiceAdminRoutes(app, ctx, limits);
  backupAdminRoutes(app, ctx, limits);
  mailboxAdminRoutes(app, ctx, limits);
  testimonialAdminRoutes(app, ctx, limits);
  r.get(
    "/custom-domains",
    { config: limits, schema: { querystring: TokenQuery } },
    async (): Promise<AdminCustomDomains> => ({ domains: await listCustomDomains(ctx) }),
  );

  const domainActions = {
    recheck: [recheckDomain, DOMAIN_ADMIN_MESSAGES.rechecked],
    "mark-bought": [markDomainBought, DOMAIN_ADMIN_MESSAGES.markedBought],
    remove: [removeDomain, DOMAIN_ADMIN_MESSAGES.removed],
  } as const;
  for (const [name, [run, detail]] of Object.entries(domainActions)) {
    r.post(
      `/custom-domains/:orderId/${name}`,
      { config: limits, schema: { params: OrderIdParams, querystring: TokenQuery } },
      async (request) => {
        const { orderId } = request.params;
        await audited(ctx, request, { action: `custom-domain-${name}`, orderId }, () => run(ctx, orderId));
        return { success: true, detail };
      },
    );
  }

  r.post(
    "/custom-domains/:orderId/refuse",
    { config: limits, schema: { params: OrderIdParams, querystring: TokenQuery, body: RefuseDomainBody } },
    async (request) => {
      const { orderId } = request.params;
      await audited(ctx, request, { action: "custom-domain-refuse", orderId }, () =>
        refuseDomain(ctx, orderId, request.body.reason),
      );
      return { success: true, detail: DOMAIN_ADMIN_MESSAGES.refused };
    },
  );

  r.get("/analytics", { config: limits, schema: { querystring: TokenQuery } }, () => computeAnalytics(ctx));

  r.get("/export-csv", { config: limits, schema: { querystring: TokenQuery } }, async (request, reply) => {
    const csv = await audited(ctx, request, { action: "export-csv" }, async () => exportOrdersCsv(ctx));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="commandes-${day}.csv"`)
      .header("Cache-Control", "no-store")
      .send(csv);
  });

  r.get(
    "/email-templates",
    { config: limits, schema: { querystring: TokenQuery } },
    async (): Promise<{ templates: EmailTemplateView[] }> => ({ templates: await listEmailTemplates(ctx) }),
  );

  r.put(
    "/email-templates/:name",
    {
      config: limits,
      // A template is up to 100 000 characters, more once escaped in JSON: above the API's default.
      bodyLimit: LARGE_BODY_LIMIT,
      schema: {
        params: z.object({ name: z.string().max(100) }),
        querystring: TokenQuery,
        body: SaveTemplateBody,
      },
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
