import { DEFAULT_CATEGORY } from "@lagon/contracts/checkout";
import { checkoutCountry, directoryCountry } from "@lagon/contracts/directory";
import type { DirectoryPage, DirectoryQuery } from "@lagon/contracts/directory-schemas";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders, searchFold, sites } from "../db/schema.ts";
import { screenshotUrl } from "../screenshots/screenshot-address.ts";
import { siteFilled } from "../sites/sites-table.ts";

/**
 * Live sites whose owners opted in (the predicate of the partial index orders_directory_idx,
 * written with literals so that the planner sees it is the index's own), once they show content
 * of their own (filled by Koza, or their home page changed: site-filled.ts, decision 0027).
 */
export const listed = sql`${orders.status} = 'active' and ${orders.directoryOptIn} and (${orders.kozaStatus} = 'completed' or ${siteFilled})`;

function matching(query: DirectoryQuery): SQL | undefined {
  const filters: SQL[] = [];
  // Same folding on both sides, and strpos: "reunion" finds "Réunion", no pattern to escape.
  if (query.q) filters.push(sql`strpos(${orders.directoryText}, ${searchFold(query.q)}) > 0`);
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
      koza: sql<number>`count(*) filter (where ${orders.kozaStatus} = 'completed')`.mapWith(Number),
      total: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
    })
    .from(orders)
    .where(listed);
  const total = counts?.total ?? 0;
  const rows =
    total === 0 || (query.page - 1) * query.per_page >= total
      ? []
      : await ctx.db
          .select({
            subdomain: orders.subdomain,
            host: sites.host,
            companyName: orders.companyName,
            city: orders.city,
            category: orders.category,
            country: orders.country,
            kozaStatus: orders.kozaStatus,
            activatedAt: orders.activatedAt,
            createdAt: orders.createdAt,
            screenshotAt: sites.screenshotAt,
          })
          .from(orders)
          .leftJoin(sites, eq(sites.orderId, orders.id))
          .where(where ? and(listed, where) : listed)
          .orderBy(desc(orders.activatedAt), desc(orders.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page);
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
