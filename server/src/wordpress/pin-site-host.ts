import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";

type Order = typeof orders.$inferSelect;

/**
 * Records, once, the WordPress host an order's site lives on, before anything is installed:
 * the host of the fewest sites among those taking new ones (WordPressHosts.chooseForNewSite). A
 * site installed before hosts were recorded stays on the first host. Never changes a recorded
 * host: the site stays pinned to it (decision 0042). Returns the order as recorded.
 */
export async function pinSiteHost(ctx: Context, order: Order): Promise<Order> {
  if (order.wordpressHost !== null) return order;
  const name = order.wpUsername !== null ? ctx.wordpress.mainName : await chooseHost(ctx);
  await ctx.db
    .update(orders)
    .set({ wordpressHost: name })
    .where(and(eq(orders.id, order.id), isNull(orders.wordpressHost)));
  const [pinned] = await ctx.db
    .select({ wordpressHost: orders.wordpressHost })
    .from(orders)
    .where(eq(orders.id, order.id));
  return { ...order, wordpressHost: pinned?.wordpressHost ?? name };
}

async function chooseHost(ctx: Context): Promise<string> {
  const rows = await ctx.db
    .select({ host: orders.wordpressHost, sites: sql<number>`count(*)::int` })
    .from(orders)
    .where(or(isNotNull(orders.wordpressHost), isNotNull(orders.wpUsername)))
    .groupBy(orders.wordpressHost);
  const sites = new Map<string, number>();
  for (const row of rows) {
    // Sites installed before hosts were recorded are on the first host.
    const name = row.host ?? ctx.wordpress.mainName;
    sites.set(name, (sites.get(name) ?? 0) + Number(row.sites));
  }
  return ctx.wordpress.chooseForNewSite(sites);
}
