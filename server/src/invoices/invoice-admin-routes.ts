import { TokenQuery } from "@lagon/contracts/access-schemas";
import {
  AdminInvoicePdfParams,
  type AdminInvoices,
  AdminInvoicesQuery,
  SalesJournalQuery,
} from "@lagon/contracts/invoices-schemas";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { invoices } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { sendInvoicePdf } from "./invoice-routes.ts";
import { listInvoices } from "./list-invoices.ts";
import { salesJournalCsv } from "./sales-journal-csv.ts";

/**
 * The admin's invoices, registered inside the admin scope (admin-routes.ts, behind the admin
 * token): the list with its search, each PDF, and the sales journal as CSV for any days.
 */
export function invoiceAdminRoutes(
  app: FastifyInstance,
  ctx: Context,
  limits: { rateLimit: Record<string, unknown> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/invoices",
    { config: limits, schema: { querystring: AdminInvoicesQuery } },
    (request): Promise<AdminInvoices> => listInvoices(ctx, request.query),
  );

  r.get(
    "/invoices/journal.csv",
    { config: limits, schema: { querystring: SalesJournalQuery } },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await audited(
        ctx,
        request,
        { action: "export-sales-journal", details: `${from} → ${to}` },
        async () => salesJournalCsv(ctx, from, to),
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="journal-des-ventes-${from}-${to}.csv"`)
        .header("Cache-Control", "private, no-store")
        .send(csv);
    },
  );

  r.get(
    "/invoices/:number/pdf",
    {
      config: limits,
      schema: { params: AdminInvoicePdfParams, querystring: TokenQuery },
    },
    async (request, reply) => {
      const [row] = await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.number, request.params.number));
      if (!row) throw notFound("Facture introuvable.");
      return sendInvoicePdf(ctx, reply, row.id);
    },
  );
}
