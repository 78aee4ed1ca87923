import { formatDateTime } from "@lagon/contracts/french-date";
import cronParser from "cron-parser";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { siteBackups } from "../db/schema.ts";
import { getSites } from "../sites/sites-table.ts";
import { emailBackupAlert, raiseBackupAlert } from "./backup-alerts.ts";
import { backedUpSites } from "./site-backups.ts";

/** How long the daily run may take before a site without its backup counts as missed (the job's expiry). */
export const BACKUP_RUN_HOURS = 6;

/** The last time the backup schedule fired at least BACKUP_RUN_HOURS before `now`. */
export function lastDueRun(schedule: string, now: Date): Date {
  const before = new Date(now.getTime() - BACKUP_RUN_HOURS * 3600_000);
  return cronParser.parseExpression(schedule, { currentDate: before, tz: "Indian/Reunion" }).prev().toDate();
}

/**
 * Finds the sites on the host with no backup since the schedule's last run (BACKUP_SCHEDULE,
 * given BACKUP_RUN_HOURS to finish): each is raised once per missed run (order logs, admin card)
 * and the agency gets one e-mail for them. Sites put online after that run are not due yet.
 * Without a daily backup (BACKUP_SCHEDULE "off") none is missed. Answers the subdomains newly alerted.
 */
export async function alertMissedBackups(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets">,
  now = new Date(),
): Promise<string[]> {
  if (ctx.config.BACKUP_SCHEDULE === "off") return [];
  const due = lastDueRun(ctx.config.BACKUP_SCHEDULE, now);
  const missed = [];
  const orders = await backedUpSites(ctx);
  const sites = await getSites(
    ctx.db,
    orders.map((o) => o.id),
  );
  for (const order of orders) {
    if ((sites.get(order.id)?.activatedAt ?? order.createdAt) > due) continue;
    const [latest] = await ctx.db
      .select({ createdAt: siteBackups.createdAt })
      .from(siteBackups)
      .where(eq(siteBackups.orderId, order.id))
      .orderBy(desc(siteBackups.createdAt))
      .limit(1);
    if (latest && latest.createdAt >= due) continue;
    const last = latest ? `dernière sauvegarde le ${formatDateTime(latest.createdAt)}` : "aucune sauvegarde";
    const raised = await raiseBackupAlert(ctx, order, {
      key: `missed:${order.id}:${due.toISOString()}`,
      kind: "missed",
      details: `Sauvegarde manquée : pas de sauvegarde depuis la sauvegarde quotidienne du ${formatDateTime(due)} (${last}).`,
    });
    if (raised) missed.push(order);
  }
  await emailBackupAlert(
    ctx,
    `${missed.length} site(s) sans sauvegarde`,
    `La sauvegarde quotidienne du ${formatDateTime(due)} manque pour ces sites : le travail de leurs clients n'est plus protégé. Vérifiez le dépôt de sauvegardes et les logs du worker, puis lancez « Sauvegarder maintenant ».`,
    missed,
  );
  return missed.map((o) => o.subdomain);
}
