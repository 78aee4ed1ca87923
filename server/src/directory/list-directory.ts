import { DEFAULT_CATEGORY } from "@lagon/contracts/checkout";
import { checkoutCountry, directoryCountry } from "@lagon/contracts/directory";
import type { DirectoryPage, DirectoryQuery } from "@lagon/contracts/directory-schemas";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders, searchFold, sites } from "../db/schema.ts";
import { directorySearchText, orderStatusSql } from "../orders/orders-table.ts";
import { screenshotUrl } from "../screenshots/screenshot-address.ts";
import { directoryOrder, showsContent } from "../sites/sites-table.ts";

/**
 * Live sites whose owners opted in, once they show content of their own (filled by Koza, or their
 * home page changed: site-filled.ts, decision 0027). For queries that join `orders` and `sites`:
 * the listing walks the partial index sites_directory_idx, whose predicate `showsContent` is.
 */
export const listed = sql`${orderStatusSql} = 'active' and ${orders.directoryOptIn} and ${showsContent}`;

function matching(query: DirectoryQuery): SQL | undefined {
  const filters: SQL[] = [];
  // Same folding on both sides, and strpos: "reunion" finds "Réunion", no pattern to escape.
  if (query.q) filters.push(sql`strpos(${directorySearchText}, ${searchFold(query.q)}) > 0`);
  if (query.category)
    filters.push(sql`coalesce(${orders.category}, ${DEFAULT_CATEGORY}) = ${query.category}`);
  if (query.country) filters.push(eq(orders.country, checkoutCountry(query.country)));
  return filters.length > 0 ? and(...filters) : undefined;
}

/**
 * One page of the public directory, searched and filtered in the database, with the number of
 * matching sites and the directory's two counters. Two queries: the counters, then the page.
 */
export async function listDirectory(
  ctx: Pick<Context, "db" | "wordpress">,
  query: DirectoryQuery,
): Promise<DirectoryPage> {
  const where = matching(query);
  const [counts] = await ctx.db
    .select({
      online: count(),
      koza: sql<number>`count(*) filter (where ${sites.kozaStatus} = 'completed')`.mapWith(Number),
      total: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
    })
    .from(sites)
    .innerJoin(orders, eq(orders.id, sites.orderId))
    .where(listed);
  const total = counts?.total ?? 0;
  const rows =
    total === 0 || (query.page - 1) * query.per_page >= total ? [] : await directoryPage(ctx, query, where);
  return {
    sites: rows.map((o) => ({
      subdomain: o.subdomain,
      company_name: o.companyName || o.subdomain,
      city: o.city ?? "",
      category: o.category ?? DEFAULT_CATEGORY,
      country: directoryCountry(o.country),
      url: ctx.wordpress.siteUrl(o.subdomain, o),
      has_koza: o.kozaStatus === "completed",
      created_at: (o.activatedAt ?? o.createdAt).toISOString(),
      screenshot_url: o.screenshotAt ? screenshotUrl(o.subdomain, o.screenshotAt) : null,
    })),
    total,
    page: query.page,
    per_page: query.per_page,
    counts: { online: counts?.online ?? 0, koza: counts?.koza ?? 0 },
  };
}

/**
 * The query of one page of matching sites, in the directory's order: sites_directory_idx walked
 * in its order, no sort (directory-routes.test.ts checks the plan).
 */
export function directoryPage(ctx: Pick<Context, "db">, query: DirectoryQuery, where = matching(query)) {
  return ctx.db
    .select({
      subdomain: sites.name,
      host: sites.host,
      companyName: orders.companyName,
      city: orders.city,
      category: orders.category,
      country: orders.country,
      kozaStatus: sites.kozaStatus,
      activatedAt: sites.activatedAt,
      createdAt: orders.createdAt,
      screenshotAt: sites.screenshotAt,
    })
    .from(sites)
    .innerJoin(orders, eq(orders.id, sites.orderId))
    .where(where ? and(listed, where) : listed)
    .orderBy(...directoryOrder)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
}
