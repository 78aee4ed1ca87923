import type { StepKey } from "@lagon/contracts/orders";
import { planById } from "@lagon/contracts/plans";
import { isReservedSubdomain } from "@lagon/contracts/subdomain";
import { and, eq } from "drizzle-orm";
import { newSiteBookingPage, PAGE_MADE } from "../booking/booking-site-page.ts";
import type { Context } from "../context.ts";
import { emailLog, type Order } from "../db/schema.ts";
import { applyKitJob } from "../kits/apply-kit-job.ts";
import { applyPlanKit, kitRetryDelaySeconds } from "../kits/apply-plan-kit.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { sendEmailJob } from "../mail/send-email-job.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { siteMailLine, siteMailSettings } from "../site-mail/site-mail.ts";
import { freshSiteUpgrades } from "../sites/site-upgrades.ts";
import { getSite, otherSiteNamed, updateSite } from "../sites/sites-table.ts";
import { pinSiteHost } from "../wordpress/pin-site-host.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { siteIdentity } from "./site-identity.ts";

async function assertSiteAnswers(host: WordPressHost, subdomain: string): Promise<void> {
  const res = await host.fetch(subdomain, "/").catch((err: Error) => {
    throw new Error(
      `le site ne répond pas (${err.message || (err.cause as Error)?.message || "connexion impossible"})`,
    );
  });
  if (res.status !== 200) throw new Error(`le site répond ${res.status} au lieu de 200`);
}

export interface ProvisioningStep {
  key: Exclude<StepKey, "payment">;
  /** Does the work and returns a French line for the order's logs (no secret in it). */
  run(ctx: Context, order: Order): Promise<string>;
}

export const PROVISIONING_STEPS: ProvisioningStep[] = [
  {
    key: "subdomain",
    async run(ctx, order) {
      if (isReservedSubdomain(order.subdomain)) throw new Error(`sous-domaine réservé : ${order.subdomain}`);
      if (await otherSiteNamed(ctx.db, order.subdomain, order.id))
        throw new Error(`sous-domaine déjà utilisé : ${order.subdomain}`);
      return `Sous-domaine ${new URL(ctx.wordpress.siteUrl(order.subdomain, await getSite(ctx.db, order.id))).host} réservé.`;
    },
  },
  {
    key: "wordpress",
    async run(ctx, order) {
      const pinned = await pinSiteHost(ctx, order.id);
      const host = ctx.wordpress.hostFor(pinned);
      // A site left by an interrupted run has no stored credentials: install it afresh.
      const leftover = (await host.status(order.subdomain)) === "installed";
      // The site's mail settings and (Business) its "Réservation" page go in with the install:
      // one PHP run instead of six REST requests after it (decision 0103).
      const mail = await siteMailSettings(ctx, order, pinned);
      const bookingPage = newSiteBookingPage(ctx, order);
      const identity = { ...siteIdentity(ctx, order), mail, bookingPage };
      const installed = leftover ? await host.reinstall(identity) : await host.install(identity);
      const credentials = {
        wpAdminUrl: installed.adminUrl,
        wpUsername: installed.adminUser,
        wpPasswordEnc: ctx.secrets.seal(installed.adminPassword),
        wpAppPasswordEnc: ctx.secrets.seal(installed.appPassword),
      };
      await assertSiteAnswers(host, order.subdomain);
      // A fresh install has every one-time upgrade in it (sites/site-upgrades.ts).
      await updateSite(ctx.db, order.id, { ...credentials, ...freshSiteUpgrades() });
      return `WordPress installé sur ${installed.url}${leftover ? " (installation interrompue reprise à neuf)" : ""}. ${siteMailLine(mail)}${bookingPage ? ` ${PAGE_MADE}` : ""}`;
    },
  },
  {
    // The plan's kit (decision 0058). A plugin the source cannot give now does not hold the site
    // back: the kit waits, says so, and the job tries again later.
    key: "kit",
    async run(ctx, order) {
      const { state, log } = await applyPlanKit(ctx, order, await getSite(ctx.db, order.id));
      if (state.status === "waiting") {
        const startAfterSeconds = kitRetryDelaySeconds(state.attempts ?? 1);
        await ctx.queue.send(applyKitJob, { orderId: order.id }, { startAfterSeconds });
      }
      return log;
    },
  },
  {
    key: "email",
    async run(ctx, order) {
      const [already] = await ctx.db
        .select({ id: emailLog.id, status: emailLog.status })
        .from(emailLog)
        .where(and(eq(emailLog.orderId, order.id), eq(emailLog.template, "welcome")));
      if (already) {
        if (already.status === "queued") await ctx.queue.send(sendEmailJob, { emailId: already.id });
        return `E-mail de bienvenue déjà en file pour ${order.customerEmail}.`;
      }
      const site = await getSite(ctx.db, order.id);
      await queueEmail(ctx, {
        template: "welcome",
        to: order.customerEmail,
        orderId: order.id,
        vars: {
          customer_name: order.customerName,
          site_url: ctx.wordpress.siteUrl(order.subdomain, site),
          wp_admin_url: site.wpAdminUrl ?? "",
          magic_link: magicLinkUrl(ctx, order),
          plan_name: planById(order.planId as Parameters<typeof planById>[0]).name,
        },
      });
      return `E-mail de bienvenue envoyé à ${order.customerEmail}.`;
    },
  },
];
