import { updateMode } from "@lagon/contracts/maintenance";
import type {
  AdminMaintenance,
  MaintenanceView,
  MonitoringView,
  SiteVersions,
  UpdateItem,
  UpdateView,
} from "@lagon/contracts/maintenance-schemas";
import type { PlanId } from "@lagon/contracts/plans";
import { desc, eq, inArray } from "drizzle-orm";
import type { Context } from "../context.ts";
import {
  type Order,
  type Site,
  type SiteDowntime,
  type SiteMaintenance,
  type SiteUpdate,
  siteDowntimes,
  siteMaintenance,
  siteUpdates,
} from "../db/schema.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { getSite } from "../sites/sites-table.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import type { PinnedSite } from "../wordpress/wordpress-hosts.ts";
import { updatePending } from "./update-jobs.ts";
import { isLive, planUpdate, recordVersions, templateVersions } from "./versions.ts";

/** Downtime periods and updates shown per site. */
const RECENT = 5;

export function updateView(row: SiteUpdate): UpdateView {
  return {
    id: row.id,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    trigger: row.trigger,
    result: row.result,
    items: row.items,
    before: row.before,
    after: row.after,
    detail: row.detail,
  };
}

function monitoringView(state: SiteMaintenance | undefined, downtimes: SiteDowntime[]): MonitoringView {
  const checked = state?.lastCheckedAt ?? null;
  // Down once a downtime is open; a single failed check is not yet an outage.
  const open = downtimes.some((d) => d.endedAt === null);
  return {
    status: open ? "down" : checked ? "up" : "unknown",
    checked_at: checked?.toISOString() ?? null,
    reason: open ? (state?.lastReason ?? null) : null,
    downtimes: downtimes.slice(0, RECENT).map((d) => ({
      started_at: d.startedAt.toISOString(),
      ended_at: d.endedAt?.toISOString() ?? null,
      reason: d.reason,
    })),
  };
}

async function available(
  ctx: Pick<Context, "log">,
  host: WordPressHost,
  versions: SiteVersions | null,
): Promise<UpdateItem[]> {
  if (!versions) return [];
  try {
    return planUpdate(versions, await templateVersions(host));
  } catch (err) {
    ctx.log.warn({ err }, "core template versions not read");
    return [];
  }
}

/** The order page's block: versions, what an update would bring, the last update, the monitoring. */
export async function maintenanceView(
  ctx: Pick<Context, "database" | "db" | "wordpress" | "log">,
  order: Order,
): Promise<MaintenanceView> {
  const [state] = await ctx.db.select().from(siteMaintenance).where(eq(siteMaintenance.orderId, order.id));
  let versions = state?.versions ?? null;
  const host = await siteHostOf(ctx, order.id);
  // Never read yet (a site made before this feature, or since the last nightly pass): read now.
  if (!versions && (await isLive(ctx, order.id))) {
    try {
      versions = await host.versions(order.subdomain);
      await recordVersions(ctx, order.id, versions);
    } catch (err) {
      ctx.log.warn({ err, subdomain: order.subdomain }, "versions not read");
    }
  }
  const [last] = await ctx.db
    .select()
    .from(siteUpdates)
    .where(eq(siteUpdates.orderId, order.id))
    .orderBy(desc(siteUpdates.startedAt))
    .limit(1);
  const downtimes = await ctx.db
    .select()
    .from(siteDowntimes)
    .where(eq(siteDowntimes.orderId, order.id))
    .orderBy(desc(siteDowntimes.startedAt))
    .limit(RECENT);
  return {
    mode: updateMode(order.planId as PlanId),
    versions,
    available: await available(ctx, host, versions),
    pending: last?.result === "running" || (await updatePending(ctx, order.id)),
    last_update: last ? updateView(last) : null,
    monitoring: monitoringView(state, downtimes),
    disk: diskView((await getSite(ctx.db, order.id)).diskUsage),
  };
}

function diskView(usage: Site["diskUsage"]): MaintenanceView["disk"] {
  return usage ? { used_bytes: usage.usedBytes, limit_bytes: usage.limitBytes, measured_at: usage.at } : null;
}

/** The admin cards of one page of orders: each site's versions, update history and monitoring. */
export async function adminMaintenance(
  ctx: Pick<Context, "db" | "wordpress" | "log">,
  sites: (PinnedSite & { id: string })[],
): Promise<Map<string, AdminMaintenance>> {
  const result = new Map<string, AdminMaintenance>();
  const orderIds = sites.map((s) => s.id);
  if (orderIds.length === 0) return result;
  const [states, updates, downtimes] = await Promise.all([
    ctx.db.select().from(siteMaintenance).where(inArray(siteMaintenance.orderId, orderIds)),
    ctx.db
      .select()
      .from(siteUpdates)
      .where(inArray(siteUpdates.orderId, orderIds))
      .orderBy(desc(siteUpdates.startedAt)),
    ctx.db
      .select()
      .from(siteDowntimes)
      .where(inArray(siteDowntimes.orderId, orderIds))
      .orderBy(desc(siteDowntimes.startedAt)),
  ]);
  for (const site of sites) {
    const { id } = site;
    const state = states.find((s) => s.orderId === id);
    const versions = state?.versions ?? null;
    result.set(id, {
      versions,
      versions_read_at: state?.versionsReadAt?.toISOString() ?? null,
      available: await available(ctx, ctx.wordpress.hostFor(site), versions),
      updates: updates
        .filter((u) => u.orderId === id)
        .slice(0, RECENT)
        .map(updateView),
      monitoring: monitoringView(
        state,
        downtimes.filter((d) => d.orderId === id),
      ),
    });
  }
  return result;
}
