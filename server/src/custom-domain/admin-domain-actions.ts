import { DOMAIN_ADMIN_MESSAGES } from "@lagon/contracts/custom-domain";
import type { AdminCustomDomain } from "@lagon/contracts/custom-domain-schemas";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type CustomDomain, customDomainChecks, customDomains, sites } from "../db/schema.ts";
import { badRequest, notFound } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { assertNoAddressesOn, removeCustomMailDomain } from "../mailboxes/order-mail-domain.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { findOrder } from "../orders/orders-table.ts";
import { queueScreenshot } from "../screenshots/screenshot-jobs.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { deleteCustomDomain, updateCustomDomain } from "./custom-domains-table.ts";
import { checkNow, logCheck } from "./domain-lifecycle.ts";
import { customDomainView, orderDomain } from "./domain-view.ts";

/** Every custom domain, newest first, with its checks: the admin's view. */
export async function listCustomDomains(
  ctx: Pick<Context, "db" | "wordpress">,
): Promise<AdminCustomDomain[]> {
  const rows = await ctx.db
    .select({ domain: customDomains, subdomain: sites.name })
    .from(customDomains)
    .innerJoin(sites, eq(sites.orderId, customDomains.orderId))
    .orderBy(desc(customDomains.id))
    .limit(500);
  return adminDomainViews(ctx, rows);
}

/** The admin's view of these domains: state, certificate, and every check, oldest first. */
export async function adminDomainViews(
  ctx: Pick<Context, "db" | "wordpress">,
  rows: { domain: CustomDomain; subdomain: string }[],
): Promise<AdminCustomDomain[]> {
  const checks =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(customDomainChecks)
          .where(
            inArray(
              customDomainChecks.domainId,
              rows.map((r) => r.domain.id),
            ),
          )
          .orderBy(asc(customDomainChecks.id));
  return rows.map(({ domain, subdomain }) => ({
    ...customDomainView(ctx, domain),
    order_id: domain.orderId,
    subdomain,
    has_own_domain: domain.hasOwnDomain,
    certificate_expires_at: domain.certificateExpiresAt?.toISOString() ?? null,
    checks: checks
      .filter((c) => c.domainId === domain.id)
      .map((c) => ({ at: c.at.toISOString(), state: c.state, ok: c.ok, details: c.details })),
  }));
}

async function domainOf(ctx: Pick<Context, "db">, orderId: string) {
  const domain = await orderDomain(ctx, orderId);
  if (!domain) throw notFound(DOMAIN_ADMIN_MESSAGES.noDomain);
  return domain;
}

/** Checks the domain now, from a fresh round of re-checks (after the customer fixed a record). */
export async function recheckDomain(ctx: Pick<Context, "db" | "queue">, orderId: string): Promise<void> {
  const domain = await domainOf(ctx, orderId);
  if (domain.state === "requested") throw badRequest(DOMAIN_ADMIN_MESSAGES.notBought);
  // A live domain is checked again only when its renewal is failing: each check renews its
  // certificate, and the authority counts duplicate certificates.
  if (domain.state === "active") {
    const [last] = await ctx.db
      .select({ ok: customDomainChecks.ok })
      .from(customDomainChecks)
      .where(eq(customDomainChecks.domainId, domain.id))
      .orderBy(desc(customDomainChecks.id))
      .limit(1);
    if (last?.ok !== false) throw badRequest(DOMAIN_ADMIN_MESSAGES.activeUpToDate);
  }
  await logCheck(ctx, domain, domain.state, true, "Nouvelle vérification demandée par l'agence.");
  await checkNow(ctx, domain.id, domain.state === "active" ? "active" : "dns_pending");
}

/** The agency bought the domain and set its records: the checks begin. */
export async function markDomainBought(ctx: Pick<Context, "db" | "queue">, orderId: string): Promise<void> {
  const domain = await domainOf(ctx, orderId);
  if (domain.state !== "requested") throw badRequest(DOMAIN_ADMIN_MESSAGES.notRequested);
  await logCheck(ctx, domain, "dns_pending", true, "Domaine acheté par l'agence.");
  await addOrderLog(ctx.db, orderId, {
    level: "info",
    action: "custom-domain",
    details: `Domaine ${domain.domain} acheté par l'agence.`,
  });
  await checkNow(ctx, domain.id, "dns_pending");
}

/** The agency refuses the request; the reason is shown to the customer, who may ask for another. */
export async function refuseDomain(ctx: Context, orderId: string, reason: string): Promise<void> {
  const domain = await domainOf(ctx, orderId);
  if (domain.state === "active") {
    await assertNoAddressesOn(ctx, orderId, domain.domain);
    await takeDomainOffline(ctx, orderId, domain.domain);
  }
  await updateCustomDomain(ctx.db, domain.id, {
    state: "failed",
    failure: "refused",
    reason,
    nextCheckAt: null,
  });
  if (domain.state === "active") await removeCustomMailDomain(ctx, orderId, domain.domain);
  await logCheck(ctx, domain, "failed", false, `Refusé par l'agence : ${reason}`);
  await addOrderLog(ctx.db, orderId, {
    level: "warning",
    action: "custom-domain",
    details: `Domaine ${domain.domain} refusé : ${reason}`,
  });
  const order = await findOrder(ctx.db, orderId);
  if (!order) return;
  await queueEmail(ctx, {
    template: "domain_refused",
    to: order.customerEmail,
    orderId,
    vars: {
      customer_name: order.customerName,
      domain_name: domain.domain,
      reason,
      magic_link: magicLinkUrl(ctx, order),
    },
  });
}

/** Removes the domain from the order: the site answers on its subdomain again. */
export async function removeDomain(
  ctx: Pick<Context, "db" | "queue" | "wordpress" | "mailHost" | "log">,
  orderId: string,
): Promise<void> {
  const domain = await domainOf(ctx, orderId);
  if (domain.state === "active") await assertNoAddressesOn(ctx, orderId, domain.domain);
  await takeDomainOffline(ctx, orderId, domain.domain);
  await deleteCustomDomain(ctx.db, domain.id);
  if (domain.state === "active") await removeCustomMailDomain(ctx, orderId, domain.domain);
  await queueScreenshot(ctx, orderId);
  await addOrderLog(ctx.db, orderId, {
    level: "info",
    action: "custom-domain",
    details: `Domaine ${domain.domain} retiré du site.`,
  });
}

async function takeDomainOffline(
  ctx: Pick<Context, "db" | "wordpress">,
  orderId: string,
  domain: string,
): Promise<void> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) return;
  const host = await siteHostOf(ctx, order.id);
  if ((await host.status(order.subdomain)) === "installed") {
    await host.setSiteUrl(order.subdomain, host.siteUrl(order.subdomain));
  }
  await host.removeDomain(domain);
}
