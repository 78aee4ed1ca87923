import { TokenQuery } from "@lagon/contracts/access-schemas";
import {
  AdminInvoicePdfParams,
  AdminInvoices,
  AdminInvoicesQuery,
  SalesJournalQuery,
} from "@lagon/contracts/invoices-schemas";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { invoices } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { INVOICE_PDF, sendInvoicePdf } from "./invoice-routes.ts";
import { listInvoices } from "./list-invoices.ts";
import { salesJournalCsv } from "./sales-journal-csv.ts";

/**
 * The admin's invoices, registered inside the admin scope (admin-routes.ts, behind the admin
 * token): the list with its search, each PDF, and the sales journal as CSV for any days.
 */
export function invoiceAdminRoutes(app: FastifyInstance, ctx: Pick<Context, "db">): void {
  route(
    app,
    {
      method: "GET",
      url: "/invoices",
      access: "admin-token",
      rateLimit: "default",
      query: AdminInvoicesQuery,
      response: { 200: AdminInvoices },
    },
    (request): Promise<AdminInvoices> => listInvoices(ctx, request.query),
  );

  route(
    app,
    {
      method: "GET",
      url: "/invoices/journal.csv",
      access: "admin-token",
      rateLimit: "default",
      query: SalesJournalQuery,
      response: { 200: rawAnswer("text/csv") },
    },
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

  route(
    app,
    {
      method: "GET",
      url: "/invoices/:number/pdf",
      access: "admin-token",
      rateLimit: "default",
      params: AdminInvoicePdfParams,
      query: TokenQuery,
      response: { 200: INVOICE_PDF },
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
