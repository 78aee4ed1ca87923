import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, orders, sites } from "../db/schema.ts";
import { orderColumns, orderStatusSql } from "../orders/orders-table.ts";
import { queueScreenshot } from "../screenshots/screenshot-jobs.ts";
import { siteAdminRest } from "../sites/site-of.ts";
import { showsContent, updateSite } from "../sites/sites-table.ts";

/** The class of the home page the installer leaves ("en cours de préparation"). */
export const PLACEHOLDER_CLASS = "lagon-en-preparation";

interface Dated {
  id: number;
  date_gmt: string;
  modified_gmt: string;
}

/**
 * Whether the site shows content of its own: its home page is another page than the
 * installer's, or that page was edited since. A site installed before the placeholder existed
 * (home page = latest posts) counts once it has a post other than WordPress's untouched sample.
 */
export async function siteIsFilled(
  ctx: Pick<Context, "db" | "secrets" | "wordpress">,
  order: Order,
): Promise<boolean> {
  const wp = await siteAdminRest(ctx, order);
  if (!wp) return false;
  const settings = await wp.json<{ show_on_front: string; page_on_front: number }>(
    "GET",
    "/wp/v2/settings?_fields=show_on_front,page_on_front",
  );
  if (settings.show_on_front !== "page" || !settings.page_on_front) {
    const posts = await wp.json<Dated[]>("GET", "/wp/v2/posts?per_page=2&_fields=id,date_gmt,modified_gmt");
    return posts.some((p) => p.id !== 1 || p.modified_gmt !== p.date_gmt);
  }
  const home = await wp.json<Dated & { content: { raw: string } }>(
    "GET",
    `/wp/v2/pages/${settings.page_on_front}?context=edit&_fields=id,date_gmt,modified_gmt,content`,
  );
  return !home.content.raw.includes(PLACEHOLDER_CLASS) || home.modified_gmt !== home.date_gmt;
}

/**
 * Looks at every live site that would be listed in the directory but still shows the
 * installer's home page, and records those that now show their own (sites.filled_at).
 * A site that does not answer is looked at again next time. Returns how many were recorded.
 */
export async function recordFilledSites(
  ctx: Pick<Context, "db" | "queue" | "secrets" | "wordpress" | "log">,
): Promise<number> {
  const waiting = (
    await ctx.db
      .select({ order: orderColumns })
      .from(orders)
      .innerJoin(sites, eq(sites.orderId, orders.id))
      .where(
        and(
          eq(orderStatusSql, "active"),
          eq(orders.directoryOptIn, true),
          sql`not coalesce(${showsContent}, false)`,
        ),
      )
  ).map((r) => r.order);
  let filled = 0;
  for (const order of waiting) {
    try {
      if (!(await siteIsFilled(ctx, order))) continue;
      await updateSite(ctx.db, order.id, { filledAt: new Date() });
      await queueScreenshot(ctx, order.id);
      filled++;
    } catch (err) {
      ctx.log.warn({ err, subdomain: order.subdomain }, "filled-site check failed");
    }
  }
  return filled;
}
