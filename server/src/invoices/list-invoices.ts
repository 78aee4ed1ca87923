import type { AdminInvoice, AdminInvoices, AdminInvoicesQuery } from "@lagon/contracts/invoices-schemas";
import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type InvoiceRow, invoices, searchFold, sites } from "../db/schema.ts";
import type { InvoiceContent } from "./invoice-content.ts";

const PAGE_SIZE = 50;

/** The first instant of a day on La Réunion's clock (UTC+4, no daylight saving). */
export const reunionDayStart = (day: string) => new Date(`${day}T00:00:00+04:00`);
/** The first instant of the day after. */
export const reunionDayEnd = (day: string) => new Date(reunionDayStart(day).getTime() + 86_400_000);

/** Documents issued within the days given (both included), matching `q` if given. */
export function invoiceFilter(query: { q?: string; from?: string; to?: string }): SQL | undefined {
  const filters: SQL[] = [];
  if (query.from) filters.push(gte(invoices.issuedAt, reunionDayStart(query.from)));
  if (query.to) filters.push(lt(invoices.issuedAt, reunionDayEnd(query.to)));
  if (query.q) {
    // The number and the buyer as printed (frozen in the document), and the site's name.
    const text = sql`${invoices.number} || ' ' || coalesce(${invoices.content}->'buyer'->>'name', '') || ' ' || coalesce(${invoices.content}->'buyer'->>'company', '') || ' ' || coalesce(${invoices.content}->'buyer'->>'email', '') || ' ' || ${sites.name}`;
    filters.push(sql`strpos(${searchFold(text)}, ${searchFold(query.q)}) > 0`);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/** The buyer as the journal names it: the company, and the person. */
export function buyerName(content: InvoiceContent): string {
  const { buyer } = content;
  return buyer.company ? `${buyer.company} (${buyer.name})` : buyer.name;
}

/** The admin's list: every invoice and credit note, newest first, searched, 50 a page, with the sums of all found. */
export async function listInvoices(
  ctx: Pick<Context, "db">,
  query: AdminInvoicesQuery,
): Promise<AdminInvoices> {
  const where = invoiceFilter(query);
  const credited = sql<
    string | null
  >`(select c.number from invoices c where c.id = ${invoices.creditedInvoiceId})`;
  const [rows, [sums]] = await Promise.all([
    ctx.db
      .select({ invoice: invoices, subdomain: sites.name, credited })
      .from(invoices)
      .innerJoin(sites, eq(sites.orderId, invoices.orderId))
      .where(where)
      .orderBy(desc(invoices.year), desc(invoices.sequence))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    ctx.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        net: sql<number>`coalesce(sum(${invoices.netCents}), 0)`.mapWith(Number),
        vat: sql<number>`coalesce(sum(${invoices.vatCents}), 0)`.mapWith(Number),
        total: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number),
      })
      .from(invoices)
      .innerJoin(sites, eq(sites.orderId, invoices.orderId))
      .where(where),
  ]);
  const total = sums?.count ?? 0;
  return {
    invoices: rows.map(({ invoice, subdomain, credited: creditsNumber }) =>
      adminInvoice(invoice, subdomain, creditsNumber),
    ),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    sums: { net_cents: sums?.net ?? 0, vat_cents: sums?.vat ?? 0, total_ttc_cents: sums?.total ?? 0 },
  };
}

function adminInvoice(row: InvoiceRow, subdomain: string, creditsNumber: string | null): AdminInvoice {
  const content = row.content as InvoiceContent;
  return {
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
    kind: row.kind,
    origin: row.origin,
    credits_number: creditsNumber,
    order_id: row.orderId,
    subdomain,
    buyer: buyerName(content),
    buyer_email: content.buyer.email,
    net_cents: row.netCents,
    vat_cents: row.vatCents,
    total_ttc_cents: row.totalCents,
    payment_method: row.paymentMethod,
    paid_at: row.paidAt.toISOString(),
  };
}

/** Every document of the range in number order, in batches: what the sales journal streams. */
export async function* invoicesInRange(ctx: Pick<Context, "db">, from: string, to: string, batch = 500) {
  let after: { year: number; sequence: number } | undefined;
  for (;;) {
    const rows = await ctx.db
      .select({
        invoice: invoices,
        credited: sql<
          string | null
        >`(select c.number from invoices c where c.id = ${invoices.creditedInvoiceId})`,
      })
      .from(invoices)
      .where(
        and(
          invoiceFilter({ from, to }),
          after
            ? sql`(${invoices.year}, ${invoices.sequence}) > (${after.year}, ${after.sequence})`
            : undefined,
        ),
      )
      .orderBy(asc(invoices.year), asc(invoices.sequence))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)?.invoice;
    if (!last || rows.length < batch) return;
    after = { year: last.year, sequence: last.sequence };
  }
}
