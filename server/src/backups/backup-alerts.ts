import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Context } from "../context.ts";
import { backupAlerts, type Order } from "../db/schema.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { addOrderLog } from "../orders/order-log.ts";

export type BackupAlertKind = "missed" | "drill";

/**
 * Records a site's backup problem once per key: on the order's logs (error) and in
 * backup_alerts, which the admin's order card shows until it is resolved. Answers whether it is
 * new (an alert already raised is not raised again).
 */
export async function raiseBackupAlert(
  ctx: Pick<Context, "db">,
  order: Order,
  alert: { key: string; kind: BackupAlertKind; details: string },
): Promise<boolean> {
  const inserted = await ctx.db
    .insert(backupAlerts)
    .values({ key: alert.key, orderId: order.id, kind: alert.kind, details: alert.details })
    .onConflictDoNothing()
    .returning({ key: backupAlerts.key });
  if (inserted.length === 0) return false;
  await addOrderLog(ctx.db, order.id, { level: "error", action: "backup-alert", details: alert.details });
  return true;
}

/** The problem is over (a new backup, a drill that went well). */
export async function resolveBackupAlerts(
  ctx: Pick<Context, "db">,
  orderId: string,
  kind: BackupAlertKind,
): Promise<void> {
  await ctx.db
    .update(backupAlerts)
    .set({ resolvedAt: new Date() })
    .where(
      and(eq(backupAlerts.orderId, orderId), eq(backupAlerts.kind, kind), isNull(backupAlerts.resolvedAt)),
    );
}

/** One e-mail to the agency for the sites newly in trouble (editable template backup_alert_agency). */
export async function emailBackupAlert(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets">,
  alert: string,
  detail: string,
  sites: Order[],
): Promise<void> {
  if (sites.length === 0) return;
  await queueEmail(ctx, {
    template: "backup_alert_agency",
    to: ctx.config.AGENCY_EMAIL,
    vars: {
      alert,
      detail,
      sites: sites.map((s) => `${s.subdomain} (${s.customerEmail})`).join(", "),
      admin_url: `${ctx.config.PUBLIC_URL}/admin`,
    },
  });
}

/** Each order's latest unresolved alert, for the admin's order cards. */
export async function openBackupAlerts(
  ctx: Pick<Context, "db">,
  orderIds: string[],
): Promise<Map<string, string>> {
  const open = new Map<string, string>();
  if (orderIds.length === 0) return open;
  const rows = await ctx.db
    .select()
    .from(backupAlerts)
    .where(and(inArray(backupAlerts.orderId, orderIds), isNull(backupAlerts.resolvedAt)))
    .orderBy(asc(backupAlerts.createdAt));
  for (const row of rows) open.set(row.orderId, row.details);
  return open;
}
