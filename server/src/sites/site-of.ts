import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { getSite } from "./sites-table.ts";

/** The WordPress host an order's site lives on (its `sites` row's host, decision 0042). */
export async function siteHostOf(
  ctx: Pick<Context, "db" | "wordpress">,
  orderId: string,
): Promise<WordPressHost> {
  return ctx.wordpress.hostFor(await getSite(ctx.db, orderId));
}

/** The address of an order's site, for pages and e-mails. */
export async function siteUrlOf(
  ctx: Pick<Context, "db" | "wordpress">,
  order: Pick<Order, "id" | "subdomain">,
): Promise<string> {
  return ctx.wordpress.siteUrl(order.subdomain, await getSite(ctx.db, order.id));
}

/** The site's REST API as its administrator (its application password); null before it is installed. */
export async function siteAdminRest(
  ctx: Pick<Context, "db" | "wordpress" | "secrets">,
  order: Pick<Order, "id" | "subdomain">,
): Promise<WordPressRest | null> {
  const site = await getSite(ctx.db, order.id);
  if (!site.wpUsername || !site.wpAppPasswordEnc) return null;
  return new WordPressRest(
    ctx.wordpress.hostFor(site),
    order.subdomain,
    site.wpUsername,
    ctx.secrets.open(site.wpAppPasswordEnc),
  );
}
