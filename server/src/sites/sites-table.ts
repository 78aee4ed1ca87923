import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Site, sites } from "../db/schema.ts";

/** What a site is before it has recorded anything: no host yet, not installed. */
export function blankSite(orderId: string): Site {
  return {
    orderId,
    host: null,
    wpAdminUrl: null,
    wpUsername: null,
    wpPasswordEnc: null,
    wpAppPasswordEnc: null,
    mailPasswordEnc: null,
    mailPasswordHash: null,
    contactEmail: null,
    kit: null,
    upgrades: [],
    screenshotAt: null,
    diskAlertAt: null,
    diskUsage: null,
  };
}

/**
 * The data access of `sites`, the hosted site each order made (decision 0067). A site has a row
 * from the first time it records something; before that it reads as a blank site.
 */
export async function getSite(db: Db, orderId: string): Promise<Site> {
  const [site] = await db.select().from(sites).where(eq(sites.orderId, orderId));
  return site ?? blankSite(orderId);
}

/** The sites of these orders, by order id (blank for those with no row yet). */
export async function getSites(db: Db, orderIds: readonly string[]): Promise<Map<string, Site>> {
  const rows = orderIds.length
    ? await db
        .select()
        .from(sites)
        .where(inArray(sites.orderId, [...orderIds]))
    : [];
  const byOrder = new Map(orderIds.map((id) => [id, blankSite(id)]));
  for (const row of rows) byOrder.set(row.orderId, row);
  return byOrder;
}

/** Records these facts of an order's site, making its row the first time. */
export async function updateSite(
  db: Db,
  orderId: string,
  patch: Partial<Omit<Site, "orderId">>,
): Promise<void> {
  const insert = db.insert(sites).values({ orderId, ...patch });
  if (Object.keys(patch).length === 0) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: sites.orderId, set: patch });
}
