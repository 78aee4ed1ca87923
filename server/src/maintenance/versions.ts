import type { SiteVersions, UpdateItem } from "@lagon/contracts/maintenance-schemas";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, orders, sites, subscriptions } from "../db/schema.ts";
import { orderColumns, orderStatusSql } from "../orders/orders-table.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { recordSiteVersions } from "./site-maintenance-table.ts";

/**
 * Compares two version strings the way WordPress numbers them ("6.8.12", "5.3.1-beta"): numeric
 * parts as numbers, the rest as text. Negative when `a` is older.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+-]/);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? "0", pb[i] ?? "0"];
    const [nx, ny] = [Number(x), Number(y)];
    const diff = Number.isInteger(nx) && Number.isInteger(ny) ? nx - ny : x.localeCompare(y);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/**
 * What bringing `site` to the `template` changes: the core, and each plugin and theme the site
 * has whose template copy is newer. Plugins and themes the site removed are not put back; those
 * the customer added are left alone.
 */
export function planUpdate(site: SiteVersions, template: SiteVersions): UpdateItem[] {
  const items: UpdateItem[] = [];
  if (template.core && (!site.core || compareVersions(site.core, template.core) < 0)) {
    items.push({ kind: "core", slug: "wordpress", from: site.core ?? "?", to: template.core });
  }
  for (const kind of ["plugin", "theme"] as const) {
    const mine = kind === "plugin" ? site.plugins : site.themes;
    const theirs = kind === "plugin" ? template.plugins : template.themes;
    for (const [slug, to] of Object.entries(theirs).sort()) {
      const from = mine[slug];
      if (from !== undefined && to && compareVersions(from, to) < 0) items.push({ kind, slug, from, to });
    }
  }
  return items;
}

const TEMPLATE_CACHE_MS = 60_000;
const templateCache = new WeakMap<WordPressHost, { at: number; versions: Promise<SiteVersions> }>();

/**
 * A host's core template's versions (each host has its own copy), read at most once a minute
 * (the order page asks on every load).
 */
export function templateVersions(host: WordPressHost): Promise<SiteVersions> {
  const cached = templateCache.get(host);
  if (cached && Date.now() - cached.at < TEMPLATE_CACHE_MS) return cached.versions;
  const versions = host.versions();
  templateCache.set(host, { at: Date.now(), versions });
  versions.catch(() => templateCache.delete(host));
  return versions;
}

/** Keeps what was read of the site's versions. */
export async function recordVersions(
  ctx: Pick<Context, "db">,
  orderId: string,
  versions: SiteVersions,
): Promise<void> {
  await recordSiteVersions(ctx.db, orderId, versions, new Date());
}

/**
 * Sites the maintenance looks after (a query of `orders` joined to `sites` and `subscriptions`): installed, and served to visitors (a suspended site answers
 * its "site suspendu" page on purpose; an archived one is gone).
 */
export const liveSite = and(
  eq(orderStatusSql, "active"),
  sql`${sites.wpUsername} is not null`,
  or(isNull(subscriptions.siteState), eq(subscriptions.siteState, "online")),
);

export async function liveSites(ctx: Pick<Context, "db">): Promise<Order[]> {
  const rows = await ctx.db
    .select({ order: orderColumns })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(liveSite);
  return rows.map((r) => r.order);
}

export async function isLive(ctx: Pick<Context, "db">, orderId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(and(eq(orders.id, orderId), liveSite));
  return rows.length === 1;
}
