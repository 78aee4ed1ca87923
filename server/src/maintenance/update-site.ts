import { randomUUID } from "node:crypto";
import { describeItem, type UpdateResult, type UpdateTrigger } from "@lagon/contracts/maintenance";
import type { SiteVersions, UpdateItem } from "@lagon/contracts/maintenance-schemas";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, type SiteUpdate, siteUpdates } from "../db/schema.ts";
import type { Lease } from "../jobs/order-lease.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { siteHostOf } from "../sites/site-of.ts";
import type { UpdatePart, WordPressHost } from "../wordpress/wordpress-host.ts";
import { alertAgency } from "./alerts.ts";
import { type Answer, checkSiteAnswers, readHome } from "./site-answers.ts";
import { backupBeforeUpdate, withBackupArchive } from "./update-backup.ts";
import { planUpdate, recordVersions } from "./versions.ts";

/**
 * php-fpm's opcache looks at a file's date again at most every 2 s (opcache.revalidate_freq):
 * the site is checked after that, or it could still run the code of before the swap.
 */
const OPCACHE_SETTLE_MS = 3_000;

/** "WordPress 6.8.3 → 6.8.4, extension akismet 5.3 → 5.4" */
export const describeItems = (items: UpdateItem[]) =>
  items.map((item) => `${describeItem(item)} ${item.from} → ${item.to}`).join(", ");

/**
 * Brings one live site to the core template's versions, with the lease held by the caller:
 * reads its versions (nothing to do: no row), checks the site answers now and reads its title,
 * backs it up, updates it, then checks that the home page still shows its own title and that the
 * wp-admin login page answers. When it does not, the backup is put back on the old core and the
 * agency alerted. Every run that starts is recorded in `site_updates`.
 */
export async function updateSite(
  ctx: Context,
  order: Order,
  trigger: UpdateTrigger,
  lease: Pick<Lease, "check">,
): Promise<SiteUpdate | null> {
  const sub = order.subdomain;
  const host = await siteHostOf(ctx, order.id);
  // The template read now, not the order page's cached copy: it may have changed a moment ago.
  const [before, template] = await Promise.all([host.versions(sub), host.versions()]);
  await recordVersions(ctx, order.id, before);
  const items = planUpdate(before, template);
  if (items.length === 0) return null;
  if (trigger === "schedule" && (await sameUpdateFailedBefore(ctx, order.id, items))) return null;
  const [row] = await ctx.db
    .insert(siteUpdates)
    .values({ id: randomUUID(), orderId: order.id, trigger, result: "running", items, before })
    .returning();
  const run = row as SiteUpdate;
  const end = (result: UpdateResult, after: SiteVersions | null, detail: string | null) =>
    finish(ctx, order, run, result, after, detail);

  const home = await readHome(host, sub);
  if (!home.ok) {
    return end(
      "failed",
      null,
      `Le site ne répondait pas avant la mise à jour (${home.reason}) : rien n'a été changé.`,
    );
  }
  lease.check();
  let backupId: string;
  try {
    backupId = await backupBeforeUpdate(ctx, order);
  } catch (error) {
    return end("failed", null, `Sauvegarde impossible (${message(error)}) : rien n'a été changé.`);
  }
  await ctx.db.update(siteUpdates).set({ backupId }).where(eq(siteUpdates.id, run.id));
  lease.check();

  let after: SiteVersions | null = null;
  let broken: string | null = null;
  try {
    after = await host.updateSite(sub, parts(items));
    broken = await settledCheck(host, sub, home.title);
  } catch (error) {
    const now = await host.versions(sub).catch(() => null);
    const intact = now && sameVersions(now, before) && !(await settledCheck(host, sub, home.title));
    if (intact) {
      return end(
        "failed",
        now,
        `La mise à jour n'a pas pu être préparée (${message(error)}) : le site n'a pas été modifié.`,
      );
    }
    broken = `la mise à jour s'est arrêtée en cours de route (${message(error)})`;
  }
  if (!broken && after) {
    await host.finishUpdate(sub).catch((err) => ctx.log.warn({ err, sub }, "update: old folder kept"));
    await recordVersions(ctx, order.id, after);
    return end("updated", after, null);
  }

  // The site does not answer as before: the backup goes back, on the core it had.
  try {
    await withBackupArchive(ctx, backupId, sub, (archive) => host.rollbackUpdate(sub, archive));
    const restored = await host.versions(sub);
    await recordVersions(ctx, order.id, restored);
    const again = await settledCheck(host, sub, home.title);
    return end(
      again ? "failed" : "rolled-back",
      restored,
      again
        ? `Le site ne répondait plus après la mise à jour (${broken}) et ne répond toujours pas avec la sauvegarde d'avant remise (${again}).`
        : `Le site ne répondait plus après la mise à jour (${broken}) : la sauvegarde d'avant a été remise, le site a retrouvé ses versions précédentes.`,
    );
  } catch (error) {
    return end(
      "failed",
      null,
      `Le site ne répondait plus après la mise à jour (${broken}) et la remise de la sauvegarde a échoué (${message(error)}).`,
    );
  }
}

/** The nightly run does not try again an update that failed with the same versions. */
async function sameUpdateFailedBefore(
  ctx: Pick<Context, "db">,
  orderId: string,
  items: UpdateItem[],
): Promise<boolean> {
  const [last] = await ctx.db
    .select()
    .from(siteUpdates)
    .where(eq(siteUpdates.orderId, orderId))
    .orderBy(desc(siteUpdates.startedAt))
    .limit(1);
  // jsonb keeps its own key order: items are compared by what they say.
  const key = (list: UpdateItem[]) => list.map((i) => `${i.kind}/${i.slug}:${i.from}>${i.to}`).join(" ");
  return !!last && last.result !== "updated" && key(last.items) === key(items);
}

const message = (error: unknown) => (error as Error).message.slice(0, 300);

const parts = (items: UpdateItem[]): UpdatePart[] =>
  items.flatMap((item) => (item.kind === "core" ? [] : [{ kind: item.kind, slug: item.slug }]));

const sameVersions = (a: SiteVersions, b: SiteVersions) =>
  JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
const normalize = (v: SiteVersions) => ({
  core: v.core,
  plugins: Object.entries(v.plugins).sort(),
  themes: Object.entries(v.themes).sort(),
});

/** Checks the site once opcache has seen its new files; answers why it is broken, or null. */
async function settledCheck(host: WordPressHost, sub: string, title: string): Promise<string | null> {
  await new Promise((resolve) => setTimeout(resolve, OPCACHE_SETTLE_MS));
  const answer: Answer = await checkSiteAnswers(host, sub, title);
  return answer.ok ? null : answer.reason;
}

async function finish(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress">,
  order: Order,
  run: SiteUpdate,
  result: UpdateResult,
  after: SiteVersions | null,
  detail: string | null,
): Promise<SiteUpdate> {
  const [row] = await ctx.db
    .update(siteUpdates)
    .set({ result, after, detail, finishedAt: new Date() })
    .where(eq(siteUpdates.id, run.id))
    .returning();
  const items = describeItems(run.items);
  await addOrderLog(ctx.db, order.id, {
    level: result === "updated" ? "info" : "error",
    action: "update",
    details:
      result === "updated"
        ? `Mise à jour réussie : ${items}.`
        : `Mise à jour ${result === "rolled-back" ? "annulée" : "échouée"} (${items}) : ${detail}`,
  });
  if (result !== "updated") {
    await alertAgency(ctx, order, "site_update_failed_agency", {
      items,
      reason: detail ?? "",
      outcome:
        result === "rolled-back"
          ? "Le site a été remis automatiquement tel qu'il était avant la mise à jour et répond à nouveau. Les mises à jour automatiques de ce site ne la retenteront pas tant que le modèle WordPress n'aura pas changé."
          : "Le site demande une intervention : vérifiez-le et restaurez au besoin sa sauvegarde « Avant mise à jour » depuis l'administration.",
    });
  }
  return row as SiteUpdate;
}
