import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { invoiceDocuments, invoices } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { toFacturX } from "./factur-x.ts";
import type { InvoiceContent } from "./invoice-content.ts";
import { renderInvoicePdf } from "./render-invoice-pdf.ts";

/**
 * The stored PDF of an invoice, rendered and stored once the first time it is asked for (issuing
 * renders it at once; this covers a render that failed then).
 */
export async function ensureInvoicePdf(
  ctx: Pick<Context, "db">,
  invoiceId: string,
): Promise<{ pdf: Buffer; number: string; facturX: boolean }> {
  const stored = await readPdf(ctx, invoiceId);
  if (stored) return stored;
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw notFound("Facture introuvable.");
  // A business buyer with a SIRET gets a Factur-X: the same PDF carrying its EN 16931 XML.
  const facturX = Boolean((row.content as InvoiceContent).buyer.siret);
  const printed = await renderInvoicePdf(row);
  const pdf = facturX ? await toFacturX(printed, row) : printed;
  await ctx.db
    .insert(invoiceDocuments)
    .values({ invoiceId, pdf, facturX, sha256: createHash("sha256").update(pdf).digest("hex") })
    .onConflictDoNothing();
  return (await readPdf(ctx, invoiceId)) as { pdf: Buffer; number: string; facturX: boolean };
}

async function readPdf(ctx: Pick<Context, "db">, invoiceId: string) {
  const [found] = await ctx.db
    .select({ pdf: invoiceDocuments.pdf, number: invoices.number, facturX: invoiceDocuments.facturX })
    .from(invoiceDocuments)
    .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
    .where(eq(invoiceDocuments.invoiceId, invoiceId));
  return found;
}
