import { z } from "zod";
import { TokenQuery } from "./access-schemas.ts";
import { UPDATE_RESULTS, UPDATE_TRIGGERS } from "./maintenance.ts";

/** A site's (or the core template's) versions, as WordPress reads them from the files. */
export const SiteVersions = z.object({
  core: z.string().nullable(),
  plugins: z.record(z.string(), z.string()),
  themes: z.record(z.string(), z.string()),
});
export type SiteVersions = z.infer<typeof SiteVersions>;

/** One thing an update changes (or changed). */
export const UpdateItem = z.object({
  kind: z.enum(["core", "plugin", "theme"]),
  slug: z.string(),
  from: z.string(),
  to: z.string(),
});
export type UpdateItem = z.infer<typeof UpdateItem>;

export const UpdateView = z.object({
  id: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  trigger: z.enum(UPDATE_TRIGGERS),
  result: z.enum(UPDATE_RESULTS),
  items: z.array(UpdateItem),
  before: SiteVersions,
  after: SiteVersions.nullable(),
  /** Why it was rolled back or failed (French). */
  detail: z.string().nullable(),
});
export type UpdateView = z.infer<typeof UpdateView>;

export const DowntimeView = z.object({
  started_at: z.string(),
  ended_at: z.string().nullable(),
  reason: z.string(),
});
export type DowntimeView = z.infer<typeof DowntimeView>;

export const MonitoringView = z.object({
  status: z.enum(["up", "down", "unknown"]),
  checked_at: z.string().nullable(),
  /** The last failed check's reason while down. */
  reason: z.string().nullable(),
  /** The latest periods of downtime, newest first. */
  downtimes: z.array(DowntimeView),
});
export type MonitoringView = z.infer<typeof MonitoringView>;

/** GET /api/order/{id}/maintenance?token= : the order page's "Mises à jour et surveillance". */
export const MaintenanceView = z.object({
  mode: z.enum(["automatic", "manual"]),
  versions: SiteVersions.nullable(),
  /** What the current core template would change on the site. */
  available: z.array(UpdateItem),
  /** An update is queued or running. */
  pending: z.boolean(),
  last_update: UpdateView.nullable(),
  monitoring: MonitoringView,
  /** The site's disk and its allowance as last read (hourly); null on a host without quotas. */
  disk: z.object({ used_bytes: z.number(), limit_bytes: z.number(), measured_at: z.string() }).nullable(),
});
export type MaintenanceView = z.infer<typeof MaintenanceView>;

/** POST /api/order/{id}/maintenance/update with { token }: a Libre customer's "mettre à jour". */
export const RequestUpdateBody = TokenQuery;
export const RequestUpdateResult = z.object({ detail: z.string() });
export type RequestUpdateResult = z.infer<typeof RequestUpdateResult>;

/** The admin card: versions, update history and monitoring of one site. */
export const AdminMaintenance = z.object({
  versions: SiteVersions.nullable(),
  versions_read_at: z.string().nullable(),
  available: z.array(UpdateItem),
  updates: z.array(UpdateView),
  monitoring: MonitoringView,
});
export type AdminMaintenance = z.infer<typeof AdminMaintenance>;
