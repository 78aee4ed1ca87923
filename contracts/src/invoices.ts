/** Our documents' kinds and their French names (no zod: the browser imports this). */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_KIND_LABEL: Record<InvoiceKind, string> = {
  invoice: "Facture",
  credit_note: "Avoir",
};
