import { ADMIN_PAGE_SIZE, type AdminOrders, type AdminOrdersQuery } from "@lagon/contracts/admin";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { orderView } from "../orders/order-view.ts";

/** One page of orders, filtered and searched in the database, with the counters of the list. */
export async function listOrders(ctx: Context, query: AdminOrdersQuery): Promise<AdminOrders> {
  const filters: SQL[] = [];
  // "En cours" covers orders not yet started as well as those being provisioned.
  if (query.status === "processing") filters.push(inArray(orders.status, ["pending", "processing"]));
  else if (query.status !== "all") filters.push(eq(orders.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(orders.customerEmail, like),
        ilike(orders.customerName, like),
        ilike(orders.subdomain, like),
      ) as SQL,
    );
  }
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [countsRow] = await ctx.db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${orders.status} = 'active')`.mapWith(Number),
      processing: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'processing'))`.mapWith(
        Number,
      ),
      error: sql<number>`count(*) filter (where ${orders.status} = 'error')`.mapWith(Number),
    })
    .from(orders);
  const [matchRow] = await ctx.db.select({ n: count() }).from(orders).where(where);
  const matchCount = matchRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(matchCount / ADMIN_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);

  const ids = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const rows =
    ids.length > 0
      ? await ctx.db
          .select()
          .from(orders)
          .where(
            inArray(
              orders.id,
              ids.map((r) => r.id),
            ),
          )
          .orderBy(desc(orders.createdAt), desc(orders.id))
      : [];

  return {
    orders: await Promise.all(
      rows.map(async (o) => ({
        ...(await orderView(ctx, o)),
        wp_admin_url: o.wpAdminUrl,
        dashboard_url: magicLinkUrl(ctx, o),
      })),
    ),
    counts: {
      total: countsRow?.total ?? 0,
      active: countsRow?.active ?? 0,
      processing: countsRow?.processing ?? 0,
      error: countsRow?.error ?? 0,
    },
    page,
    page_count: pageCount,
    match_count: matchCount,
  };
}
