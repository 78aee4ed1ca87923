import { OrderPathParams, TokenQuery } from "@lagon/contracts/access-schemas";
import { InvoicePdfParams, OrderInvoices } from "@lagon/contracts/invoices-schemas";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { invoices } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { ensureInvoicePdf } from "./invoice-pdf.ts";

/**
 * The order's invoices and credit notes, behind the order's token (page or mailbox; checked in
 * constant time by orderTokenScope): the list, and each PDF.
 */
export async function invoiceRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/invoices",
          access: "order-token",
          rateLimit: "reads",
          params: OrderPathParams,
          query: TokenQuery,
          response: { 200: OrderInvoices },
        },
        async ({ order, orderToken }): Promise<OrderInvoices> => {
          const rows = await ctx.db
            .select({
              number: invoices.number,
              issuedAt: invoices.issuedAt,
              kind: invoices.kind,
              totalCents: invoices.totalCents,
            })
            .from(invoices)
            .where(eq(invoices.orderId, order.id))
            .orderBy(asc(invoices.year), asc(invoices.sequence));
          // The token the page was opened with, never a stronger one.
          const token = encodeURIComponent(orderToken.value);
          return {
            invoices: rows.map((row) => ({
              number: row.number,
              issued_at: row.issuedAt.toISOString(),
              kind: row.kind,
              total_ttc_cents: row.totalCents,
              pdf_url: `/api/order/${order.id}/invoices/${row.number}/pdf?token=${token}`,
            })),
          };
        },
      );

      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/invoices/:number/pdf",
          access: "order-token",
          rateLimit: "reads",
          params: InvoicePdfParams,
          query: TokenQuery,
          response: { 200: INVOICE_PDF },
        },
        async ({ order, params }, reply) => {
          const [row] = await ctx.db
            .select({ id: invoices.id })
            .from(invoices)
            .where(and(eq(invoices.orderId, order.id), eq(invoices.number, params.number)));
          if (!row) throw notFound("Facture introuvable.");
          return sendInvoicePdf(ctx, reply, row.id);
        },
      );
    }),
  );
}

/** A document's PDF, as a download. */
export const INVOICE_PDF = rawAnswer("application/pdf");

/** The stored PDF of a document, as a download named after it ("facture-2026-000042.pdf"). */
export async function sendInvoicePdf(ctx: Pick<Context, "db">, reply: FastifyReply, invoiceId: string) {
  const { pdf, number } = await ensureInvoicePdf(ctx, invoiceId);
  const [row] = await ctx.db.select({ kind: invoices.kind }).from(invoices).where(eq(invoices.id, invoiceId));
  const name = `${row?.kind === "credit_note" ? "avoir" : "facture"}-${number}.pdf`;
  return reply
    .type("application/pdf")
    .header("Content-Disposition", `attachment; filename="${name}"`)
    .header("Cache-Control", "private, no-store")
    .send(pdf);
}
