import { Readable } from "node:stream";
import { formatDateTime } from "@lagon/contracts/french-date";
import { KOZA_STATUS_LABEL, ORDER_STATUS_LABEL } from "@lagon/contracts/orders";
import { asc, eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { customDomains, orders, sites } from "../db/schema.ts";
import { planName } from "../orders/order-view.ts";
import { orderStatusSql } from "../orders/orders-table.ts";

const BATCH = 1000;
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
 * Every order as CSV (UTF-8 with BOM, `;`, French dates and statuses), read in keyset batches so memory
 * stays flat whatever the number of orders.
 */
export function exportOrdersCsv(ctx: Pick<Context, "db">): Readable {
  async function* rows() {
    yield `\uFEFF${line(HEADER)}`;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const batch = await ctx.db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          customerName: orders.customerName,
          customerEmail: orders.customerEmail,
          customerPhone: orders.customerPhone,
          companyName: orders.companyName,
          city: orders.city,
          country: orders.country,
          planId: orders.planId,
          status: orderStatusSql,
          subdomain: sites.name,
          kozaOption: orders.kozaOption,
          kozaStatus: sites.kozaStatus,
          customDomain: customDomains.domain,
        })
        .from(orders)
        .innerJoin(sites, eq(sites.orderId, orders.id))
        .leftJoin(customDomains, eq(customDomains.orderId, orders.id))
        // A row comparison, so that each page is a range of the (created_at, id) index.
        .where(
          after
            ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        )
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
            ORDER_STATUS_LABEL[o.status] ?? o.status,
            o.subdomain,
            o.kozaOption ? "oui" : "non",
            o.kozaStatus ? (KOZA_STATUS_LABEL[o.kozaStatus] ?? o.kozaStatus) : "",
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
