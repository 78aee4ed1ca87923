import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { customDomains, orders, type Site, sites } from "../db/schema.ts";
import { listed } from "../directory/list-directory.ts";
import { deleteStoredFile, storeFile } from "../files/stored-files.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import type { OwnHost } from "./guarded-proxy.ts";
import { screenshotKey } from "./screenshot-address.ts";
import { takeScreenshot } from "./take-screenshot.ts";

/**
 * The site's own addresses and where the product reaches them: its subdomain and its active
 * custom domain, to which the subdomain redirects. The embedded host serves both on loopback
 * (the URLs' ports); an SSH host's sites are reached on its connect address when it has one.
 */
async function ownHosts(
  ctx: Pick<Context, "config" | "db" | "wordpress">,
  orderId: string,
  subdomain: string,
  site: Site,
): Promise<OwnHost[]> {
  const urls = [new URL(ctx.wordpress.siteUrl(subdomain, site))];
  const [domain] = await ctx.db
    .select({ domain: customDomains.domain })
    .from(customDomains)
    .where(and(eq(customDomains.orderId, orderId), eq(customDomains.state, "active")));
  if (domain) urls.push(new URL(ctx.wordpress.hostFor(site).domainUrl(domain.domain)));
  const hostName = site.host ?? ctx.wordpress.mainName;
  const connectHost = ctx.config.wpSshHosts.find((h) => h.name === hostName)?.connectHost;
  return urls.map((url) => {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    const local = ctx.config.WP_HOST === "local" || url.hostname.endsWith(".localhost");
    const host = local ? "127.0.0.1" : (connectHost ?? url.hostname);
    return { authority: `${url.hostname}:${port}`, connect: { host, port } };
  });
}

/**
 * Takes the directory screenshot of one site if it is listed (live, opted in, showing its own
 * content), and keeps it; a site no longer listed loses its screenshot. Returns whether one was
 * taken. Throws when the site could not be shot (the earlier screenshot, or the placeholder, stays).
 */
export async function screenshotSite(ctx: Context, orderId: string): Promise<boolean> {
  const [order] = await ctx.db
    .select({ subdomain: sites.name })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(and(eq(orders.id, orderId), listed));
  if (!order) {
    await forgetScreenshot(ctx, orderId);
    return false;
  }
  const site = await getSite(ctx.db, orderId);
  const image = await takeScreenshot(ctx.wordpress.siteUrl(order.subdomain, site), {
    chromiumPath: ctx.config.CHROMIUM_PATH,
    memoryLimitMb: ctx.config.SCREENSHOT_MEMORY_MB,
    own: await ownHosts(ctx, orderId, order.subdomain, site),
    refusedNames: [new URL(ctx.config.PUBLIC_URL).hostname],
  });
  await storeFile(ctx, screenshotKey(orderId), image);
  await updateSite(ctx.db, orderId, { screenshotAt: new Date() });
  return true;
}

export async function forgetScreenshot(ctx: Context, orderId: string): Promise<void> {
  await updateSite(ctx.db, orderId, { screenshotAt: null });
  await deleteStoredFile(ctx, screenshotKey(orderId));
}

/** Sites with a screenshot that are no longer listed (cancelled, opted out): theirs is deleted. */
export async function forgetUnlistedScreenshots(ctx: Context): Promise<number> {
  const gone = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(and(sql`${sites.screenshotAt} is not null`, sql`not coalesce((${listed}), false)`));
  for (const { id } of gone) await forgetScreenshot(ctx, id);
  return gone.length;
}
