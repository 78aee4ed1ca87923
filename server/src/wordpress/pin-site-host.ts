import { isNotNull, or, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Site, sites } from "../db/schema.ts";
import { getSite, recordSiteHost } from "../sites/sites-table.ts";

/**
 * Records, once, the WordPress host an order's site lives on, before anything is installed:
 * the host of the fewest sites among those taking new ones (WordPressHosts.chooseForNewSite). A
 * site installed before hosts were recorded stays on the first host. Never changes a recorded
 * host: the site stays pinned to it (decision 0042). Returns the site as recorded.
 */
export async function pinSiteHost(ctx: Pick<Context, "db" | "wordpress">, orderId: string): Promise<Site> {
  const site = await getSite(ctx.db, orderId);
  if (site.host !== null) return site;
  const name = site.wpUsername !== null ? ctx.wordpress.mainName : await chooseHost(ctx);
  await recordSiteHost(ctx.db, orderId, name);
  return getSite(ctx.db, orderId);
}

async function chooseHost(ctx: Pick<Context, "db" | "wordpress">): Promise<string> {
  const rows = await ctx.db
    .select({ host: sites.host, sites: sql<number>`count(*)::int` })
    .from(sites)
    .where(or(isNotNull(sites.host), isNotNull(sites.wpUsername)))
    .groupBy(sites.host);
  const counts = new Map<string, number>();
  for (const row of rows) {
    // Sites installed before hosts were recorded are on the first host.
    const name = row.host ?? ctx.wordpress.mainName;
    counts.set(name, (counts.get(name) ?? 0) + Number(row.sites));
  }
  return ctx.wordpress.chooseForNewSite(counts);
}
