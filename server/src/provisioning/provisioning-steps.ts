import type { StepKey } from "@lagon/contracts/orders";
import { planById } from "@lagon/contracts/plans";
import { isReservedSubdomain } from "@lagon/contracts/subdomain";
import { and, eq, ne } from "drizzle-orm";
import { ensureBookingPage } from "../booking/booking-site-page.ts";
import type { Context } from "../context.ts";
import { emailLog, orders } from "../db/schema.ts";
import { applyKitJob } from "../kits/apply-kit-job.ts";
import { applyPlanKit, kitRetryDelaySeconds } from "../kits/apply-plan-kit.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { sendEmailJob } from "../mail/send-email-job.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { configureSiteMail } from "../site-mail/site-mail.ts";
import { pinSiteHost } from "../wordpress/pin-site-host.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import { siteIdentity } from "./site-identity.ts";

type Order = typeof orders.$inferSelect;

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
      const [other] = await ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.subdomain, order.subdomain), ne(orders.id, order.id)));
      if (other) throw new Error(`sous-domaine déjà utilisé : ${order.subdomain}`);
      return `Sous-domaine ${new URL(ctx.wordpress.siteUrl(order)).host} réservé.`;
    },
  },
  {
    key: "wordpress",
    async run(ctx, unpinned) {
      const order = await pinSiteHost(ctx, unpinned);
      const host = ctx.wordpress.hostFor(order);
      // A site left by an interrupted run has no stored credentials: install it afresh.
      const leftover = (await host.status(order.subdomain)) === "installed";
      const identity = siteIdentity(ctx, order);
      const site = leftover ? await host.reinstall(identity) : await host.install(identity);
      await assertSiteAnswers(host, order.subdomain);
      const credentials = {
        wpAdminUrl: site.adminUrl,
        wpUsername: site.adminUser,
        wpPasswordEnc: ctx.secrets.seal(site.adminPassword),
        wpAppPasswordEnc: ctx.secrets.seal(site.appPassword),
      };
      await ctx.db.update(orders).set(credentials).where(eq(orders.id, order.id));
      const mail = await configureSiteMail(ctx, { ...order, ...credentials });
      // Business: the "Réservation" page of online booking (booking/booking-site-page.ts).
      const booking = await ensureBookingPage(ctx, { ...order, ...credentials });
      return `WordPress installé sur ${site.url}${leftover ? " (installation interrompue reprise à neuf)" : ""}. ${mail}${booking ? ` ${booking}` : ""}`;
    },
  },
  {
    // The plan's kit (decision 0058). A plugin the source cannot give now does not hold the site
    // back: the kit waits, says so, and the job tries again later.
    key: "kit",
    async run(ctx, order) {
      const { state, log } = await applyPlanKit(ctx, order);
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
      const [fresh] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
      await queueEmail(ctx, {
        template: "welcome",
        to: order.customerEmail,
        orderId: order.id,
        vars: {
          customer_name: order.customerName,
          site_url: ctx.wordpress.siteUrl(order),
          wp_admin_url: fresh?.wpAdminUrl ?? "",
          magic_link: magicLinkUrl(ctx, order),
          plan_name: planById(order.planId as Parameters<typeof planById>[0]).name,
        },
      });
      return `E-mail de bienvenue envoyé à ${order.customerEmail}.`;
    },
  },
];
