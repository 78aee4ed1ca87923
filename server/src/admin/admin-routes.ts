import {
  ADMIN_MESSAGES,
  AdminOrdersQuery,
  type EmailLogEntry,
  type EmailTemplateView,
  OrderIdBody,
  SaveTemplateBody,
} from "@lagon/contracts/admin";
import { asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { emailLog, emailTemplates } from "../db/schema.ts";
import { badRequest, notFound } from "../lib/app-error.ts";
import { usedVariables } from "../mail/render-template.ts";
import { resumeFailedOrder } from "../provisioning/provision-order-job.ts";
import { audit, requireAdmin } from "./admin-auth.ts";
import { computeAnalytics } from "./analytics.ts";
import { exportOrdersCsv } from "./export-csv.ts";
import { listOrders } from "./list-orders.ts";
import { reinstallWordpress } from "./reinstall-wordpress.ts";
import { resendMagicLink } from "./resend-magic-link.ts";

const token = z.object({ token: z.string().optional() });
const limits = { rateLimit: { max: 300, timeWindow: "1 minute" } };

/** Every /api/admin route; all of them behind the admin token. */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  requireAdmin(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/admin/orders", { config: limits, schema: { querystring: AdminOrdersQuery } }, (request) =>
    listOrders(ctx, request.query),
  );

  r.get(
    "/api/admin/orders/:orderId/emails",
    { config: limits, schema: { params: z.object({ orderId: z.uuid() }), querystring: token } },
    async (request): Promise<{ emails: EmailLogEntry[] }> => {
      const rows = await ctx.db
        .select()
        .from(emailLog)
        .where(eq(emailLog.orderId, request.params.orderId))
        .orderBy(desc(emailLog.createdAt));
      return {
        emails: rows.map((e) => ({
          id: e.id,
          template: e.template,
          recipient: e.recipient,
          subject: e.subject,
          status: e.status,
          error: e.error,
          created_at: e.createdAt.toISOString(),
          sent_at: e.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );

  r.post(
    "/api/admin/resend-magic-link",
    { config: limits, schema: { body: OrderIdBody, querystring: token } },
    async (request) => {
      await resendMagicLink(ctx, request.body.order_id);
      await audit(ctx, request, "resend-magic-link", request.body.order_id);
      return { success: true, detail: ADMIN_MESSAGES.resendOk };
    },
  );

  r.post(
    "/api/admin/reinstall-wordpress",
    { config: limits, schema: { body: OrderIdBody, querystring: token } },
    async (request) => {
      await audit(ctx, request, "reinstall-wordpress", request.body.order_id);
      await reinstallWordpress(ctx, request.body.order_id);
      return { success: true, detail: ADMIN_MESSAGES.reinstallOk };
    },
  );

  r.post(
    "/api/admin/resume-order",
    { config: limits, schema: { body: OrderIdBody, querystring: token } },
    async (request) => {
      if (!(await resumeFailedOrder(ctx, request.body.order_id))) {
        throw badRequest("Seule une commande en erreur peut être reprise.");
      }
      await audit(ctx, request, "resume-order", request.body.order_id);
      return { success: true, detail: "Commande relancée." };
    },
  );

  r.get("/api/admin/analytics", { config: limits, schema: { querystring: token } }, () =>
    computeAnalytics(ctx),
  );

  r.get(
    "/api/admin/export-csv",
    { config: limits, schema: { querystring: token } },
    async (request, reply) => {
      await audit(ctx, request, "export-csv");
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="commandes-${day}.csv"`)
        .header("Cache-Control", "no-store")
        .send(exportOrdersCsv(ctx));
    },
  );

  r.get(
    "/api/admin/email-templates",
    { config: limits, schema: { querystring: token } },
    async (): Promise<{ templates: EmailTemplateView[] }> => {
      const rows = await ctx.db.select().from(emailTemplates).orderBy(asc(emailTemplates.name));
      return {
        templates: rows.map((t) => ({
          _id: t.name,
          name: t.name,
          description: t.description,
          subject: t.subject,
          content: t.content,
          variables: t.variables,
        })),
      };
    },
  );

  r.put(
    "/api/admin/email-templates/:name",
    {
      config: limits,
      schema: { params: z.object({ name: z.string() }), querystring: token, body: SaveTemplateBody },
    },
    async (request) => {
      const [template] = await ctx.db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.name, request.params.name));
      if (!template) throw notFound("Modèle d'e-mail introuvable.");
      const { subject, content } = request.body;
      const unknown = usedVariables(`${subject} ${content}`).filter((v) => !template.variables.includes(v));
      if (unknown.length > 0) {
        throw badRequest(
          `Variable inconnue : ${unknown.map((v) => `{{${v}}}`).join(", ")}. Variables disponibles : ${template.variables.map((v) => `{{${v}}}`).join(", ")}.`,
        );
      }
      await ctx.db
        .update(emailTemplates)
        .set({ subject, content, updatedAt: new Date() })
        .where(eq(emailTemplates.name, template.name));
      await audit(ctx, request, "save-email-template", undefined, template.name);
      return { success: true, detail: ADMIN_MESSAGES.templateSaved };
    },
  );
}
