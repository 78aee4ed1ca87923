import { Readable } from "node:stream";
import { formatDateTime } from "@lagon/contracts/french-date";
import { and, asc, eq, gt, or, type SQL } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";
import { planName } from "../orders/order-view.ts";

const BATCH = 500;
const HEADER = [
  "Commande",
  "Date de création",
  "Nom",
  "E-mail",
  "Téléphone",
  "Entreprise",
  "Ville",
  "Pays",
  "Formule",
  "Statut",
  "Sous-domaine",
  "Koza",
  "Statut Koza",
  "Domaine personnalisé",
];

/** Quotes a cell for a French spreadsheet, and defuses formulas (OWASP ASVS 1.2.10). */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? "";
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[";\r\n']/.test(v) || v !== v.trim() ? `"${v.replaceAll('"', '""')}"` : v;
}

const line = (cells: (string | null | undefined)[]) => `${cells.map(csvCell).join(";")}\r\n`;

/**
 * Every order as CSV (UTF-8 with BOM, `;`, French dates), read in keyset batches so memory
 * stays flat whatever the number of orders.
 */
export function exportOrdersCsv(ctx: Context): Readable {
  async function* rows() {
    yield `\uFEFF${line(HEADER)}`;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const cursor: SQL | undefined = after
        ? or(
            gt(orders.createdAt, after.createdAt),
            and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id)),
          )
        : undefined;
      const batch = await ctx.db
        .select()
        .from(orders)
        .where(cursor)
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(BATCH);
      if (batch.length === 0) return;
      yield batch
        .map((o) =>
          line([
            o.id,
            formatDateTime(o.createdAt),
            o.customerName,
            o.customerEmail,
            o.customerPhone,
            o.companyName,
            o.city,
            o.country,
            planName(o),
            o.status,
            o.subdomain,
            o.kozaOption ? "oui" : "non",
            o.kozaStatus,
            o.customDomain,
          ]),
        )
        .join("");
      const last = batch.at(-1);
      if (!last || batch.length < BATCH) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return Readable.from(rows());
}
