import { Readable } from "node:stream";
import { formatShortDate } from "@lagon/contracts/french-date";
import { INVOICE_KIND_LABEL } from "@lagon/contracts/invoices";
import { formatRate, TAX_RULES } from "@lagon/contracts/tax";
import { csvCell } from "../admin/export-csv.ts";
import type { Context } from "../context.ts";
import type { InvoiceContent } from "./invoice-content.ts";
import { buyerName, invoicesInRange } from "./list-invoices.ts";

/** Every rate of the tax table, in increasing order: one pair of columns each (base, VAT). */
const RATES = [...new Set(Object.values(TAX_RULES).map((r) => r.rateBasisPoints))].sort((a, b) => a - b);

const HEADER = [
  "Numéro",
  "Date",
  "Type",
  "Facture d'origine",
  "Acheteur",
  "E-mail",
  "SIRET",
  "N° TVA",
  "Total HT",
  ...RATES.flatMap((r) => (r === 0 ? ["HT à 0 %"] : [`HT à ${formatRate(r)}`, `TVA à ${formatRate(r)}`])),
  "Total TVA",
  "Total TTC",
  "Paiement",
  "Date de paiement",
];

/**
 * An amount as a French spreadsheet reads a number: "54,25", "-54,25". Written as is, not through
 * csvCell: it is made here from an integer, so it can hold no formula, and a leading minus must
 * stay a minus sign.
 */
export const amountCell = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/**
 * The sales journal of the days `from`–`to` (La Réunion's calendar, both included) for the
 * accountant: one line per invoice and credit note in number order, HT, VAT per rate, TTC and
 * payment; UTF-8 with BOM, `;`, French dates and amounts; text cells defused like the orders'
 * export (csvCell). Streamed in batches.
 */
export function salesJournalCsv(ctx: Pick<Context, "db">, from: string, to: string): Readable {
  const line = (cells: string[]) => `${cells.join(";")}\r\n`;
  async function* rows() {
    yield `\uFEFF${line(HEADER.map(csvCell))}`;
    for await (const batch of invoicesInRange(ctx, from, to)) {
      yield batch
        .map(({ invoice, credited }) => {
          const content = invoice.content as InvoiceContent;
          const byRate = new Map(content.totals.vatByRate.map((v) => [v.rateBasisPoints, v]));
          return line([
            csvCell(invoice.number),
            formatShortDate(invoice.issuedAt),
            csvCell(INVOICE_KIND_LABEL[invoice.kind]),
            csvCell(credited),
            csvCell(buyerName(content)),
            csvCell(content.buyer.email),
            csvCell(content.buyer.siret),
            csvCell(content.buyer.vatNumber),
            amountCell(invoice.netCents),
            ...RATES.flatMap((r) => {
              const at = byRate.get(r);
              const base = at ? amountCell(at.baseCents) : "";
              return r === 0 ? [base] : [base, at ? amountCell(at.vatCents) : ""];
            }),
            amountCell(invoice.vatCents),
            amountCell(invoice.totalCents),
            csvCell(invoice.paymentMethod),
            formatShortDate(invoice.paidAt),
          ]);
        })
        .join("");
    }
  }
  return Readable.from(rows());
}
