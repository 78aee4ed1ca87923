import { createHash, randomUUID } from "node:crypto";
import { formatIsoDate } from "@lagon/contracts/french-date";
import { computeTotals, type SaleLine } from "@lagon/contracts/money";
import { isBusinessBuyer, type TaxRuleId, taxRuleById, taxRuleFor } from "@lagon/contracts/tax";
import { desc, eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type InvoiceOrigin, type InvoiceRow, invoiceSequences, invoices } from "../db/schema.ts";
import { badRequest, notFound } from "../lib/app-error.ts";
import { getOrder } from "../orders/orders-table.ts";
import { billingNow } from "../subscriptions/billing-clock.ts";
import { buyerOf, type InvoiceContent, legalMentions } from "./invoice-content.ts";
import { ensureInvoicePdf } from "./invoice-pdf.ts";
import { sellerFrom } from "./seller.ts";

/** A line to bill, HT; its VAT rate is the buyer's (tax.ts). Positive amounts, also for a credit note. */
export type InvoiceLineInput = Omit<SaleLine, "vatRateBasisPoints">;

export interface IssueInvoiceInput {
  orderId: string;
  /** What is billed: the first checkout, a renewal, Koza, or a plan change. */
  kind: Exclude<InvoiceOrigin, "refund">;
  /**
   * What this invoice is for, unique: issuing twice for the same reference returns the first
   * (webhook retries). The checkout's id, or the provider's invoice id for a renewal.
   */
  sourceRef: string;
  lines: InvoiceLineInput[];
  paidAt: Date;
  /** As printed: "carte bancaire (Stripe)". */
  paymentMethod: string;
  /** The service period, "YYYY-MM-DD" days on La Réunion's clock, both included. */
  period?: { start: string; end: string } | null;
  /** What the provider charged, TTC: an invoice that would say otherwise is refused. */
  chargedCents?: number;
  /** The VAT rule charged; default: the buyer's rule today. */
  taxRuleId?: TaxRuleId;
}

export interface IssueCreditNoteInput {
  /** The invoice credited, by its number. */
  invoiceNumber: string;
  /** What this credit note is for, unique (the provider's refund id). */
  sourceRef: string;
  /** The lines credited, positive HT amounts; default: the whole invoice. */
  lines?: InvoiceLineInput[];
  refundedAt: Date;
  paymentMethod: string;
  /** What the provider refunded, TTC: a credit note that would say otherwise is refused. */
  refundedCents?: number;
}

export interface IssuedInvoice {
  id: string;
  number: string;
  totalCents: number;
  /** False when this reference was already issued: the earlier document is returned. */
  created: boolean;
}

/**
 * Issues the invoice of a payment: numbers it from the year's continuous sequence, freezes its
 * content, chains its hash to the previous document's, then renders its PDF (Factur-X for a
 * business buyer with a SIRET). Call it once the money is collected; safe to call again.
 */
export async function issueInvoice(
  ctx: Pick<Context, "config" | "db" | "payments" | "log">,
  input: IssueInvoiceInput,
): Promise<IssuedInvoice> {
  const order = await getOrder(ctx.db, input.orderId);
  const business = isBusinessBuyer({ siret: order.siret, vat_number: order.vatNumber });
  const taxRule = input.taxRuleId
    ? taxRuleById(input.taxRuleId)
    : taxRuleFor(order.country, business, ctx.config);
  const totals = computeTotals(
    input.lines.map((l) => ({ ...l, vatRateBasisPoints: taxRule.rateBasisPoints })),
  );
  if (input.chargedCents !== undefined && input.chargedCents !== totals.totalCents) {
    throw new Error(
      `invoice of ${input.sourceRef} would total ${totals.totalCents} cents but ${input.chargedCents} were charged`,
    );
  }
  const seller = sellerFrom(ctx.config);
  const buyer = buyerOf(order, business);
  const content: InvoiceContent = {
    title: "Facture",
    seller,
    buyer,
    operationCategory: "Prestation de services",
    taxRule,
    totals,
    credits: null,
    mentions: legalMentions({
      kind: "invoice",
      seller,
      buyer,
      taxRule,
      paidAt: input.paidAt,
      paymentMethod: input.paymentMethod,
      immediateStartAt: input.kind === "checkout" ? order.immediateStartAt : null,
    }),
  };
  const issued = await insertDocument(ctx, {
    kind: "invoice",
    origin: input.kind,
    orderId: order.id,
    creditedInvoiceId: null,
    sourceRef: input.sourceRef,
    paidAt: input.paidAt,
    paymentMethod: input.paymentMethod,
    periodStart: input.period?.start ?? null,
    periodEnd: input.period?.end ?? null,
    content,
  });
  // Rendered by the call that issued it; a copy that failed is rendered on its first download.
  if (issued.created) await renderPdf(ctx, issued.id);
  return issued;
}

/**
 * Issues the credit note (avoir) of a refund: negative amounts, the credited invoice named on it,
 * never more than what remains to credit on that invoice. The invoice itself is never changed.
 */
export async function issueCreditNote(
  ctx: Pick<Context, "config" | "db" | "payments" | "log">,
  input: IssueCreditNoteInput,
): Promise<IssuedInvoice> {
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.number, input.invoiceNumber));
  if (invoice?.kind !== "invoice") throw notFound("Facture introuvable.");
  const original = invoice.content as InvoiceContent;
  const credited = (input.lines ?? original.totals.lines).map((l) => ({
    label: l.label,
    quantity: l.quantity,
    unitCents: -l.unitCents,
    discountCents: -(l.discountCents ?? 0),
    vatRateBasisPoints: original.taxRule.rateBasisPoints,
  }));
  const totals = computeTotals(credited);
  if (input.refundedCents !== undefined && input.refundedCents !== -totals.totalCents) {
    throw new Error(
      `credit note of ${input.sourceRef} would total ${-totals.totalCents} cents but ${input.refundedCents} were refunded`,
    );
  }
  const credits = { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() };
  const content: InvoiceContent = {
    ...original,
    title: "Avoir",
    seller: sellerFrom(ctx.config),
    totals,
    credits,
    mentions: legalMentions({
      kind: "credit_note",
      seller: sellerFrom(ctx.config),
      buyer: original.buyer,
      taxRule: original.taxRule,
      paidAt: input.refundedAt,
      paymentMethod: input.paymentMethod,
      immediateStartAt: null,
      credits,
    }),
  };
  const issued = await insertDocument(ctx, {
    kind: "credit_note",
    origin: "refund",
    orderId: invoice.orderId,
    creditedInvoiceId: invoice.id,
    sourceRef: input.sourceRef,
    paidAt: input.refundedAt,
    paymentMethod: input.paymentMethod,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    content,
  });
  // Rendered by the call that issued it; a copy that failed is rendered on its first download.
  if (issued.created) await renderPdf(ctx, issued.id);
  return issued;
}

type NewDocument = Omit<
  typeof invoices.$inferInsert,
  | "id"
  | "number"
  | "year"
  | "sequence"
  | "issuedAt"
  | "netCents"
  | "vatCents"
  | "totalCents"
  | "hash"
  | "previousHash"
> & { content: InvoiceContent };

/**
 * One transaction, serialized across processes by an advisory lock: the document issued for
 * this reference if any, else the year's next number, the previous document's hash, the row.
 * A failure rolls the number back with the row: no gap, no duplicate.
 */
async function insertDocument(
  ctx: Pick<Context, "db" | "payments">,
  doc: NewDocument,
): Promise<IssuedInvoice> {
  // The billing clock's date: a renewal charged on the test clock's day is issued that day.
  const issuedAt = await billingNow(ctx);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoices'))`);
    const [existing] = await tx
      .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.sourceRef, doc.sourceRef));
    if (existing) return { ...existing, created: false };

    if (doc.kind === "credit_note" && doc.creditedInvoiceId) {
      const [credited] = await tx
        .select({
          invoiced: invoices.totalCents,
          creditedSoFar:
            sql<number>`(select coalesce(sum(c.total_cents), 0) from invoices c where c.credited_invoice_id = ${doc.creditedInvoiceId})`.mapWith(
              Number,
            ),
        })
        .from(invoices)
        .where(eq(invoices.id, doc.creditedInvoiceId));
      if (credited && credited.invoiced + credited.creditedSoFar + doc.content.totals.totalCents < 0) {
        throw badRequest("Cet avoir dépasse le montant restant de la facture.");
      }
    }

    const year = Number(formatIsoDate(issuedAt).slice(0, 4));
    const [seq] = await tx
      .insert(invoiceSequences)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceSequences.year, set: { last: sql`${invoiceSequences.last} + 1` } })
      .returning({ last: invoiceSequences.last });
    const sequence = seq?.last as number;
    const [previous] = await tx
      .select({ hash: invoices.hash })
      .from(invoices)
      .orderBy(desc(invoices.year), desc(invoices.sequence))
      .limit(1);
    const row = {
      ...doc,
      id: randomUUID(),
      number: `${year}-${sequence.toString().padStart(6, "0")}`,
      year,
      sequence,
      issuedAt,
      netCents: doc.content.totals.netCents,
      vatCents: doc.content.totals.vatCents,
      totalCents: doc.content.totals.totalCents,
      previousHash: previous?.hash ?? null,
    };
    const hash = invoiceHash(row);
    await tx.insert(invoices).values({ ...row, hash });
    return { id: row.id, number: row.number, totalCents: row.totalCents, created: true };
  });
}

/** Rendering is retried on the next download if it fails now: the invoice itself is issued. */
async function renderPdf(ctx: Pick<Context, "db" | "log">, invoiceId: string): Promise<void> {
  await ensureInvoicePdf(ctx, invoiceId).catch((err: unknown) =>
    ctx.log.error({ err, invoiceId }, "invoice PDF not rendered yet"),
  );
}

type HashedFields = Omit<InvoiceRow, "hash" | "creditedInvoiceId" | "periodStart" | "periodEnd"> & {
  creditedInvoiceId?: string | null;
  periodStart?: string | null;
  periodEnd?: string | null;
};

/** SHA-256 of the previous hash and every field of the document, in canonical JSON. */
export function invoiceHash(row: HashedFields): string {
  const fields = {
    previousHash: row.previousHash,
    id: row.id,
    number: row.number,
    kind: row.kind,
    origin: row.origin,
    orderId: row.orderId,
    creditedInvoiceId: row.creditedInvoiceId ?? null,
    sourceRef: row.sourceRef,
    issuedAt: new Date(row.issuedAt).toISOString(),
    paidAt: new Date(row.paidAt).toISOString(),
    paymentMethod: row.paymentMethod,
    periodStart: row.periodStart ?? null,
    periodEnd: row.periodEnd ?? null,
    content: row.content,
    netCents: row.netCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
  };
  return createHash("sha256").update(canonicalJson(fields)).digest("hex");
}

/** JSON with object keys sorted at every depth: the same text after a round trip through jsonb. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Walks every document in number order and recomputes its hash: the first one that does not
 * match (a change made behind the product's back) is reported.
 */
export async function verifyInvoiceChain(
  ctx: Pick<Context, "db">,
): Promise<{ ok: boolean; brokenAt?: string }> {
  const rows = await ctx.db.select().from(invoices).orderBy(invoices.year, invoices.sequence);
  let previous: string | null = null;
  for (const row of rows) {
    if (row.previousHash !== previous || invoiceHash(row) !== row.hash)
      return { ok: false, brokenAt: row.number };
    previous = row.hash;
  }
  return { ok: true };
}
