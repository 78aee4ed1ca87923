import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { invoiceDocuments, invoices } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import type { InvoiceContent } from "./invoice-content.ts";

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
  // The PDF and Factur-X libraries (about 80 MB together) load with the first invoice rendered:
  // an idle server does not hold them (npm run bench:memory).
  const { renderInvoicePdf } = await import("./render-invoice-pdf.ts");
  const printed = await renderInvoicePdf(row);
  const pdf = facturX ? await (await import("./factur-x.ts")).toFacturX(printed, row) : printed;
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
