import { randomBytes } from "node:crypto";
import { formatDateTime } from "@lagon/contracts/french-date";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, type SiteBackup, siteBackups } from "../db/schema.ts";
import { checkMailSnapshot } from "../mailboxes/order-mail-follows-site.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { siteHostOf } from "../sites/site-of.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { emailBackupAlert, raiseBackupAlert, resolveBackupAlerts } from "./backup-alerts.ts";
import { backedUpSites, importBackup } from "./site-backups.ts";

/** Scratch sites of the drill: a name no customer can buy (reserved prefix, contracts/subdomain.ts). */
export const DRILL_PREFIX = "restore-drill-";
const WEEK_MS = 7 * 24 * 3600_000;

export interface DrillResult {
  subdomain: string;
  backupId: string;
  scratch: string;
  ok: boolean;
  detail: string;
}

/**
 * The weekly restore drill: the latest backup of `count` sites (in turn: a different window of
 * the sites each week, so every site comes up over the weeks) is restored into a scratch site on
 * the host, its home page must answer 200 through PHP, and the scratch site is removed; its mail
snapshot, if any, must read back whole with only the site's mail domains in it. A failure
 * is raised on the site (order logs, admin card) and e-mailed to the agency; a site that passes
 * has its earlier drill alert resolved.
 */
export async function runRestoreDrill(
  ctx: Context,
  { count = ctx.config.BACKUP_DRILL_SITES, now = new Date() } = {},
): Promise<DrillResult[]> {
  const sites = await withBackups(ctx, await backedUpSites(ctx));
  if (count <= 0 || sites.length === 0) return [];
  const week = Math.floor(now.getTime() / WEEK_MS);
  const start = (week * count) % sites.length;
  const chosen = [...sites.slice(start), ...sites.slice(0, start)].slice(0, count);

  const results: DrillResult[] = [];
  const failed: Order[] = [];
  for (const { order, backup } of chosen) {
    const result = await drillOne(ctx, order, backup);
    results.push(result);
    if (result.ok) {
      await resolveBackupAlerts(ctx, order.id, "drill");
      await addOrderLog(ctx.db, order.id, { level: "info", action: "backup-drill", details: result.detail });
    } else {
      const raised = await raiseBackupAlert(ctx, order, {
        key: `drill:${order.id}:${backup.id}`,
        kind: "drill",
        details: result.detail,
      });
      if (raised) failed.push(order);
    }
  }
  await emailBackupAlert(
    ctx,
    "exercice de restauration échoué",
    `L'exercice de restauration hebdomadaire n'a pas pu remettre en marche la dernière sauvegarde de ${failed.length} site(s) : ces sauvegardes ne sont peut-être pas utilisables. Le détail est dans les logs de chaque site.`,
    failed,
  );
  return results;
}

/** The sites with their latest backup; sites without any are the missed-backup check's. */
async function withBackups(ctx: Pick<Context, "db">, sites: Order[]) {
  const out: { order: Order; backup: SiteBackup }[] = [];
  for (const order of sites) {
    const [backup] = await ctx.db
      .select()
      .from(siteBackups)
      .where(eq(siteBackups.orderId, order.id))
      .orderBy(desc(siteBackups.createdAt))
      .limit(1);
    if (backup) out.push({ order, backup });
  }
  return out;
}

async function drillOne(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "backups" | "log">,
  order: Order,
  backup: SiteBackup,
): Promise<DrillResult> {
  const scratch = `${DRILL_PREFIX}${randomBytes(4).toString("hex")}`;
  const when = formatDateTime(backup.createdAt);
  const started = Date.now();
  const base = { subdomain: order.subdomain, backupId: backup.id, scratch };
  let host: WordPressHost | undefined;
  try {
    // The copy is made on the site's own host: its backup is restored where it would be.
    host = await siteHostOf(ctx, order.id);
    await importBackup(ctx, backup, host, scratch);
    // The copy answers at its own address; links in its content follow.
    await host.setSiteUrl(scratch, host.siteUrl(scratch));
    const home = await host.fetch(scratch, "/");
    const html = await home.text();
    if (home.status !== 200 || !/<html[\s>]/i.test(html) || !html.includes("wp-content"))
      throw new Error(
        `la page d'accueil de la copie répond ${home.status}${home.headers.get("location") ? ` vers ${home.headers.get("location")}` : ""}`,
      );
    // Its mail, read back and listed (the live mailboxes are not touched).
    const mail = await checkMailSnapshot(ctx, order, backup);
    const seconds = Math.round((Date.now() - started) / 1000);
    const mailDetail = mail
      ? `, courrier lisible : ${mail.messages} message(s) dans ${mail.mailboxes} adresse(s)`
      : "";
    return {
      ...base,
      ok: true,
      detail: `Exercice de restauration réussi : la sauvegarde du ${when} remise en marche dans un site temporaire, page d'accueil 200${mailDetail} (${seconds} s).`,
    };
  } catch (err) {
    ctx.log.error({ err, subdomain: order.subdomain, backup: backup.id }, "restore drill failed");
    return {
      ...base,
      ok: false,
      detail: `Exercice de restauration échoué pour la sauvegarde du ${when} : ${(err as Error).message.slice(0, 300)}`,
    };
  } finally {
    await host
      ?.remove(scratch)
      .catch((err: Error) => ctx.log.error({ err, scratch }, "restore drill: scratch site not removed"));
  }
}
