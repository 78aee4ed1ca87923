import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { JobStatus } from "@lagon/contracts/jobs-schemas";
import { z } from "zod";
import { backupBeforeChange } from "../backups/site-backups.ts";
import { ensureBookingPage } from "../booking/booking-site-page.ts";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { queueSiteJob, runSiteJob, siteJobStatus } from "../jobs/site-job.ts";
import { applyKitJob } from "../kits/apply-kit-job.ts";
import { keptSubmission } from "../koza/regenerate-koza-site.ts";
import { AppError, badRequest, notFound } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { findOrder, orderStatus } from "../orders/orders-table.ts";
import { provisionOrderJob } from "../provisioning/provision-order-job.ts";
import { siteIdentity } from "../provisioning/site-identity.ts";
import { queueScreenshot } from "../screenshots/screenshot-jobs.ts";
import { configureSiteMail } from "../site-mail/site-mail.ts";
import { freshSiteUpgrades } from "../sites/site-upgrades.ts";
import { getSite, setSiteStep, updateSite } from "../sites/sites-table.ts";
import { pinSiteHost } from "../wordpress/pin-site-host.ts";

/** Why this order cannot be reinstalled now, if it cannot. */
async function refusal(ctx: Pick<Context, "db">, order: Order | undefined): Promise<AppError | null> {
  if (!order) return notFound(ADMIN_MESSAGES.orderNotFound);
  const site = await getSite(ctx.db, order.id);
  const status = orderStatus(order, site);
  if (status === "pending" || status === "processing") {
    return badRequest(ADMIN_MESSAGES.reinstallWhileProvisioning);
  }
  if (site.steps.subdomain?.status !== "completed")
    return badRequest(ADMIN_MESSAGES.reinstallBeforeSubdomain);
  if (site.kozaStatus === "processing") return badRequest(ADMIN_MESSAGES.reinstallWhileKoza);
  return null;
}

/**
 * The admin's 'Réinstaller WordPress': checks the order, takes its lease (a second request
 * meanwhile gets a 409) and queues the reinstall, which can take minutes over SSH. Returns the
 * job's id: the admin page follows it (GET /api/admin/reinstall-wordpress/:jobId).
 */
export async function requestReinstall(ctx: Pick<Context, "db" | "queue">, orderId: string): Promise<string> {
  const order = await findOrder(ctx.db, orderId);
  const refused = await refusal(ctx, order);
  if (refused) throw refused;
  return queueSiteJob(
    ctx,
    orderId,
    reinstallWordpressJob,
    (holder) => ({ orderId, holder }),
    ADMIN_MESSAGES.operationInProgress,
  );
}

/**
 * Backs the site up (kind before-reinstall), then wipes the customer's WordPress and installs it
 * afresh with new credentials; a backup that fails stops the reinstall with the site untouched.
 * The order's lease is held meanwhile (and renewed), so no worker and no second reinstall touch
 * the site. Koza's pages go with the old site but its answers stay: a Koza order with a kept
 * questionnaire is 'regenerate' (the customer's 'Régénérer'), otherwise back to 'pending'. An order in error whose
 * welcome e-mail was never sent goes back to provisioning, which sends it; otherwise the customer
 * gets the 'reinstalled' e-mail. A failure is logged on the order and fails the job with a
 * French summary, which the admin page shows.
 */
export const reinstallWordpressJob = defineJob({
  name: "reinstall-wordpress",
  payload: z.object({ orderId: z.uuid(), holder: z.string() }),
  // Once more if its worker died midway (the lease sweeper fails it): the site is half wiped.
  retryLimit: 1,
  retryDelaySeconds: 5,
  expireInSeconds: 3600,
  handle: (payload, ctx, job) =>
    runSiteJob(ctx, payload, job, ADMIN_MESSAGES.operationInProgress, async (order) => {
      const refused = await refusal(ctx, order);
      if (refused) throw refused;
      await reinstall(ctx, order);
      await queueScreenshot(ctx, order.id);
    }),
});

async function reinstall(ctx: Context, order: Order): Promise<void> {
  const orderId = order.id;
  const welcomePending = (await getSite(ctx.db, orderId)).steps.email?.status !== "completed";
  const started = performance.now();
  let backup: Awaited<ReturnType<typeof backupBeforeChange>>;
  try {
    backup = await backupBeforeChange(ctx, order, "reinstall");
  } catch (err) {
    await addOrderLog(ctx.db, orderId, {
      level: "error",
      action: "reinstall",
      details: `Réinstallation annulée, le site est intact : la sauvegarde préalable a échoué (${(err as Error).message.slice(0, 300)}).`,
    });
    throw new AppError(502, ADMIN_MESSAGES.reinstallBackupFailed);
  }
  const koza = !order.kozaOption ? null : (await keptSubmission(ctx, orderId)) ? "regenerate" : "pending";
  try {
    const pinned = await pinSiteHost(ctx, orderId);
    const installed = await ctx.wordpress.hostFor(pinned).reinstall(siteIdentity(ctx, order));
    const credentials = {
      wpAdminUrl: installed.adminUrl,
      wpUsername: installed.adminUser,
      wpPasswordEnc: ctx.secrets.seal(installed.adminPassword),
      wpAppPasswordEnc: ctx.secrets.seal(installed.appPassword),
    };
    await updateSite(ctx.db, orderId, {
      ...credentials,
      ...freshSiteUpgrades(),
      setup: welcomePending ? "processing" : "active",
      kozaStatus: koza,
      ...(welcomePending || pinned.activatedAt ? {} : { activatedAt: new Date() }),
    });
    const site = { ...pinned, ...credentials };
    // The new WordPress knows nothing of its mail: its sender login and contact address again.
    await configureSiteMail(ctx, order, site);
    // Business: the "Réservation" page of online booking, as on a first install.
    await ensureBookingPage(ctx, order, site);
    await setSiteStep(ctx.db, orderId, "wordpress", "completed");
    await addOrderLog(ctx.db, orderId, {
      level: "info",
      action: "reinstall",
      details: `WordPress réinstallé par un administrateur (${Math.round(performance.now() - started)} ms) ; ${backup ? "l'ancien site est dans les sauvegardes (« Avant réinstallation »)" : "aucun ancien site à sauvegarder"}${koza === "regenerate" ? " ; réponses Koza conservées, à régénérer" : ""}.`,
    });
  } catch (err) {
    await addOrderLog(ctx.db, orderId, {
      level: "error",
      action: "reinstall",
      details: `Échec de la réinstallation : ${(err as Error).message}`,
    });
    // The cause is in the order's logs; the admin page gets a French summary, not internals.
    throw new AppError(502, ADMIN_MESSAGES.reinstallSeeLogs);
  }

  if (welcomePending) {
    await ctx.queue.send(provisionOrderJob, { orderId });
    return;
  }
  // A fresh site gets its plan's kit again (decision 0058).
  await ctx.queue.send(applyKitJob, { orderId });
  const fresh = await findOrder(ctx.db, orderId);
  if (!fresh) return;
  const site = await getSite(ctx.db, orderId);
  await queueEmail(ctx, {
    template: "wordpress_reinstalled",
    to: fresh.customerEmail,
    orderId,
    vars: {
      customer_name: fresh.customerName,
      site_url: ctx.wordpress.siteUrl(fresh.subdomain, site),
      wp_admin_url: site.wpAdminUrl ?? "",
      wp_username: site.wpUsername ?? "",
      magic_link: magicLinkUrl(ctx, fresh),
    },
  });
}

/** Where a reinstall stands, for the admin page; a failure's detail is always French. */
export function reinstallStatus(ctx: Pick<Context, "queue">, jobId: string): Promise<JobStatus> {
  return siteJobStatus(ctx, reinstallWordpressJob.name, jobId, {
    french: Object.values(ADMIN_MESSAGES),
    fallback: ADMIN_MESSAGES.reinstallSeeLogs,
  });
}
