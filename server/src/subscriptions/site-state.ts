import { backupBeforeChange } from "../backups/site-backups.ts";
import type { Context } from "../context.ts";
import type { Order, Subscription } from "../db/schema.ts";
import { removeOrderMail, setOrderMailSuspended } from "../mailboxes/order-mail-follows-site.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { billingNow } from "./billing-clock.ts";
import { keepFinalCopy, restoreFinalCopy } from "./site-archive.ts";
import { updateSubscription } from "./subscriptions-table.ts";
import { wantedSiteState } from "./wanted-site-state.ts";

/**
 * Brings the host to what the subscription's status asks: suspends (after a backup) or lifts the
 * suspension, keeps the final copy (a backup) and removes the site, or restores it from that copy. A host that fails
 * leaves `site_state` as it was, with a warning in the order's logs: the lifecycle's next pass
 * tries again. Answers the subscription as it is afterwards.
 */
export async function bringSiteToState(ctx: Context, order: Order, sub: Subscription): Promise<Subscription> {
  const wanted = wantedSiteState(sub.status);
  if (sub.siteState === wanted) return sub;
  const patch: Partial<Subscription> = { siteState: wanted };
  const at = await billingNow(ctx);
  let mailLine: Awaited<ReturnType<typeof removeOrderMail>> = null;
  try {
    if (wanted === "removed") {
      const location = (await keepFinalCopy(ctx, order)) ?? sub.archiveLocation;
      await (await siteHostOf(ctx, order.id)).remove(order.subdomain);
      patch.archiveLocation = location;
      // Kept at once: if the mail host fails below, the next pass finds the site gone (no new
      // copy) and must still know the one that holds its mail.
      if (location !== sub.archiveLocation)
        await updateSubscription(ctx.db, sub.orderId, { archiveLocation: location });
      mailLine = await removeOrderMail(ctx, order, location);
    } else {
      if (sub.siteState === "removed") {
        if (sub.archiveLocation) {
          await restoreFinalCopy(ctx, order, sub.archiveLocation);
        } else {
          await addOrderLog(ctx.db, order.id, {
            level: "warning",
            action: "subscription-site",
            details: "Aucune copie du site n'est conservée : réinstallez WordPress depuis l'administration.",
            at,
          });
        }
      }
      if (wanted === "suspended" && sub.siteState === "online") await backupBeforeSuspension(ctx, order);
      if (wanted === "suspended") await (await siteHostOf(ctx, order.id)).suspend(order.subdomain);
      else await (await siteHostOf(ctx, order.id)).unsuspend(order.subdomain);
      await setOrderMailSuspended(ctx, order, wanted === "suspended");
    }
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id, wanted }, "subscription: host change failed");
    await addOrderLog(ctx.db, order.id, {
      level: "warning",
      action: "subscription-site",
      details: `L'hébergement n'a pas pu appliquer l'état « ${wanted} » du site ; nouvelle tentative au prochain passage.`,
      at,
    });
    return sub;
  }
  const details = {
    online: sub.siteState === "removed" ? "Site rétabli depuis son archive." : "Site remis en ligne.",
    suspended:
      "Site suspendu : les visiteurs voient la page « site suspendu » (503), wp-admin reste ouvert ; ses adresses e-mail ne reçoivent ni n'envoient plus rien (les expéditeurs sont invités à réessayer).",
    removed: patch.archiveLocation
      ? "Copie finale du site et de ses e-mails conservée ; site retiré de l'hébergement."
      : "Site retiré de l'hébergement (aucun site installé à archiver).",
  }[wanted];
  await addOrderLog(ctx.db, order.id, { level: "info", action: "subscription-site", details, at });
  if (mailLine) await addOrderLog(ctx.db, order.id, { ...mailLine, action: "mailbox", at });
  const updated = await updateSubscription(ctx.db, sub.orderId, patch);
  return updated ?? sub;
}

/**
 * The backup before a suspension. A suspension hides the site and loses nothing, so a failed
 * backup does not hold it back (an unpaid site must go offline): it is logged for the agency.
 */
async function backupBeforeSuspension(
  ctx: Pick<Context, "config" | "db" | "wordpress" | "mailHost" | "backups" | "log">,
  order: Order,
): Promise<void> {
  try {
    await backupBeforeChange(ctx, order, "suspension");
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, "backup before suspension failed");
    await addOrderLog(ctx.db, order.id, {
      level: "error",
      action: "backup",
      details: `Sauvegarde avant suspension échouée (${(error as Error).message.slice(0, 300)}) : le site est suspendu quand même.`,
    });
  }
}
