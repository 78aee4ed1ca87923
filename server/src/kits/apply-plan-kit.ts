/**
 * Applies the order's plan kit to its site (decision 0058), from the provisioning step, after a
 * reinstall or a plan change, and from the retry job. Idempotent: the host keeps verified
 * plugins, apply-kit.php keeps what exists. A plugin the source cannot give now leaves the kit
 * `waiting`, said in French in the order page and the admin, and retried later with a growing
 * delay; the rest of the site is delivered. After a plan change, an earlier plan's extra
 * features are turned off, the customer's data kept, and the Réservation page, Libre's SFTP
 * access and the site's disk allowance follow the plan.
 */
import type { KitState } from "@lagon/contracts/orders";
import { featuresLost } from "@lagon/contracts/plan-kits";
import { planById } from "@lagon/contracts/plans";
import { bookingPageForPlan } from "../booking/booking-site-page.ts";
import type { Context } from "../context.ts";
import type { Order, Site } from "../db/schema.ts";
import { updateSite } from "../sites/sites-table.ts";
import { pushSiteVisits } from "../visits/push-site-visits.ts";
import { installPlugin } from "../wordpress-plugins/install-plugin.ts";
import {
  createPluginSource,
  type PluginSource,
  PluginUnavailableError,
} from "../wordpress-plugins/plugin-source.ts";
import { PluginRejectedError } from "../wordpress-plugins/verify-plugin-archive.ts";
import { leaveLibre, returnToLibre } from "./libre-access.ts";
import { applyPlanDisk } from "./plan-disk.ts";
import { kitFor, kitOff, type PlanKit } from "./plan-kits.ts";

/** Delays between tries of a waiting kit: 5 min, doubling, at most 6 h. */
export function kitRetryDelaySeconds(attempts: number): number {
  return Math.min(300 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
}

export function orderKit(order: Order, plan = order.planId): PlanKit | null {
  return kitFor(plan, {
    companyName: order.companyName,
    customerName: order.customerName,
    address: order.address,
    postalCode: order.postalCode,
    city: order.city,
    country: order.country,
    email: order.customerEmail,
  });
}

export interface KitOutcome {
  state: KitState;
  /** French line for the order's logs. */
  log: string;
}

export async function applyPlanKit(
  ctx: Pick<Context, "config" | "db" | "secrets" | "wordpress" | "log">,
  order: Order,
  site: Site,
  source: PluginSource = createPluginSource(ctx.config.WP_PLUGIN_SOURCE),
): Promise<KitOutcome> {
  const host = ctx.wordpress.hostFor(site);
  const kit = orderKit(order);
  const planName = planById(order.planId as Parameters<typeof planById>[0]).name;
  const now = new Date();
  const previous = site.kit;
  const changed = previous?.plan !== order.planId;
  // Libre's SFTP and plain site follow the plan (decision 0076): off first when leaving Libre (the
  // steps below talk to WordPress, which a plain site hides).
  if (previous && changed) await leaveLibre(host, order.subdomain, previous.plan, order.planId);
  // The disk allowance follows the plan (decision 0095): raised before the kit's plugins come.
  const disk = previous && changed ? await applyPlanDisk(host, site, order.subdomain, order.planId) : null;
  // A kit of an earlier plan, applied on the site: what it brought and this plan lacks goes off.
  const before = previous && changed && previous.status === "applied" ? orderKit(order, previous.plan) : null;
  if (before) {
    const off = kitOff(before, kit);
    if (off.deactivate.length > 0) await host.applyKit(order.subdomain, off);
  }
  // The Réservation page follows the plan (decision 0072); a first install made it already.
  const page = changed ? await bookingPageForPlan(ctx, order, site) : null;
  // The dashboard's visits widget follows the plan too (off: removed; the figures stay with us).
  if (previous && changed) await pushSiteVisits(ctx, order);
  // Back to Libre: its SFTP and plain site return once WordPress has been talked to.
  const libre =
    previous && changed ? await returnToLibre(host, order.subdomain, previous.plan, order.planId) : null;
  const withPage = (log: string) => [log, page, libre, disk].filter(Boolean).join(" ");
  // What the earlier plan had and this one stops: the shop, and the platform's own extras.
  const lost = previous && changed ? featuresLost(previous.plan, order.planId) : [];
  if (!kit) {
    const state: KitState =
      lost.length > 0 || (previous?.status === "off" && !changed)
        ? {
            plan: order.planId,
            status: "off",
            detail:
              lost.length > 0
                ? `Fonctions arrêtées, vos données sont gardées : ${lost.join(" ; ")}.`
                : (previous?.detail ?? ""),
            features: [],
            at: now.toISOString(),
          }
        : {
            plan: order.planId,
            status: "none",
            detail: `Aucun module en plus pour l'offre ${planName}.`,
            features: [],
            at: now.toISOString(),
          };
    await saveKit(ctx, order.id, state);
    return { state, log: withPage(state.detail) };
  }
  try {
    for (const plugin of kit.plugins) await installPlugin(host, source, order.subdomain, plugin.pin);
  } catch (error) {
    if (!(error instanceof PluginUnavailableError || error instanceof PluginRejectedError)) throw error;
    const attempts = (previous?.status === "waiting" ? (previous.attempts ?? 0) : 0) + 1;
    const retryAt = new Date(now.getTime() + kitRetryDelaySeconds(attempts) * 1000);
    const names = kit.plugins.map((p) => `${p.pin.slug} ${p.pin.version}`).join(", ");
    const waiting = `${kit.features.join(" ; ")} en attente`;
    const later = "Le reste du site est livré ; nouvel essai automatique.";
    // The customer reads the plain words; the agency's log keeps which extension and why.
    const state: KitState = {
      plan: order.planId,
      status: "waiting",
      detail: `${waiting} : l'extension n'a pas pu être téléchargée pour le moment. ${later}`,
      features: kit.features,
      at: now.toISOString(),
      retryAt: retryAt.toISOString(),
      attempts,
    };
    await saveKit(ctx, order.id, state);
    return {
      state,
      log: withPage(`${waiting} : ${names} n'a pas pu être installé (${error.message}). ${later}`),
    };
  }
  await host.applyKit(order.subdomain, kit.site);
  const state: KitState = {
    plan: order.planId,
    status: "applied",
    detail: `${kit.features.join(" ; ")} installée et réglée.`,
    features: kit.features,
    at: now.toISOString(),
  };
  await saveKit(ctx, order.id, state);
  return { state, log: withPage(state.detail) };
}

async function saveKit(ctx: Pick<Context, "db">, orderId: string, state: KitState): Promise<void> {
  await updateSite(ctx.db, orderId, { kit: state });
}
