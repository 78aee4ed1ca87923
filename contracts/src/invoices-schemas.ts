import { z } from "zod";
import { INVOICE_KINDS } from "./invoices.ts";

/** An invoice or credit note number: the year and its place in that year's sequence. */
export const InvoiceNumber = z.string().regex(/^\d{4}-\d{6}$/, "Numéro de facture invalide.");

/** One document as the order page lists it. */
export const OrderInvoice = z.object({
  number: InvoiceNumber,
  issued_at: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** Negative for a credit note. */
  total_ttc_cents: z.number().int(),
  /** The PDF, for the holder of the order's token only (the token is in it). */
  pdf_url: z.string(),
});
export type OrderInvoice = z.infer<typeof OrderInvoice>;

/** GET /api/order/{id}/invoices?token= */
export const OrderInvoices = z.object({ invoices: z.array(OrderInvoice) });
export type OrderInvoices = z.infer<typeof OrderInvoices>;

/** GET /api/order/{id}/invoices/{number}/pdf?token= */
export const InvoicePdfParams = z.object({ orderId: z.string(), number: InvoiceNumber });

/** A calendar day on La Réunion's clock, "2026-11-24". */
export const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Date invalide : attendu AAAA-MM-JJ.")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Date invalide : attendu AAAA-MM-JJ.");

/** A range of days whose start does not come after its end. */
const orderedRange = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const RANGE_ERROR = { message: "La date de début doit précéder la date de fin.", path: ["from"] };

/** GET /api/admin/invoices?token=&q=&from=&to=&page= */
export const AdminInvoicesQuery = z
  .object({
    token: z.string().optional(),
    /** A number, or part of the buyer's name, company or e-mail. */
    q: z.string().trim().max(200).default(""),
    from: IsoDay.optional(),
    to: IsoDay.optional(),
    page: z.coerce.number().int().min(1).default(1),
  })
  .refine(orderedRange, RANGE_ERROR);
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuery>;

export const AdminInvoice = z.object({
  number: InvoiceNumber,
  issued_at: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** checkout, renewal, koza, proration, refund */
  origin: z.string(),
  /** A credit note's invoice. */
  credits_number: z.string().nullable(),
  order_id: z.string(),
  subdomain: z.string(),
  buyer: z.string(),
  buyer_email: z.string(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_ttc_cents: z.number().int(),
  payment_method: z.string(),
  paid_at: z.string(),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;

export const AdminInvoices = z.object({
  invoices: z.array(AdminInvoice),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Sums over every document found (all pages), in cents. */
  sums: z.object({
    net_cents: z.number().int(),
    vat_cents: z.number().int(),
    total_ttc_cents: z.number().int(),
  }),
});
export type AdminInvoices = z.infer<typeof AdminInvoices>;

/** GET /api/admin/invoices/journal.csv?token=&from=&to= : both days required. */
export const SalesJournalQuery = z
  .object({ token: z.string().optional(), from: IsoDay, to: IsoDay })
  .refine(orderedRange, RANGE_ERROR);
export type SalesJournalQuery = z.infer<typeof SalesJournalQuery>;

/** GET /api/admin/invoices/{number}/pdf?token= */
export const AdminInvoicePdfParams = z.object({ number: InvoiceNumber });
