import { SITE_MAIL_MESSAGES } from "@lagon/contracts/site-mail";
import type { SiteMailView } from "@lagon/contracts/site-mail-schemas";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, orders, type Site, sites } from "../db/schema.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { AppError, forbidden } from "../lib/app-error.ts";
import { siteSenderLogin } from "../mail-host/mail-host.ts";
import { hashMailboxPassword, newMailboxPassword } from "../mail-host/mailbox-password.ts";
import { mailDomainOf, mailRestoreScope } from "../mailboxes/order-mail-domain.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderColumns, orderStatus } from "../orders/orders-table.ts";
import { updateSite } from "../sites/sites-table.ts";
import type { SiteMailSettings } from "../wordpress/wordpress-host.ts";

/**
 * A site's own mail (decision 0056): its WordPress submits to the mail host with its own login
 * (wordpress@<mail domain>, limited to that domain and to an hourly budget), set by the product
 * through the site's REST API with the product's mu-plugin lagon-courriel.php, which also draws
 * the contact form and sends it to the address the customer chose.
 */

export function contactEmailOf(order: Order, site: Site): string {
  return site.contactEmail ?? order.customerEmail;
}

/**
 * The site's login on the mail host, made once (its password sealed, its hash kept to rebuild the
 * host) and set on the host with the site's mail domain; null when this process has no mail host.
 */
async function ensureSiteSender(
  ctx: Pick<Context, "config" | "db" | "secrets" | "mailHost">,
  order: Order,
  site: Site,
): Promise<SiteMailSettings["smtp"]> {
  const host = ctx.mailHost;
  if (unavailableReason(ctx) || !host) return null;
  let { mailPasswordEnc: sealed, mailPasswordHash: hash } = site;
  if (!sealed || !hash) {
    const password = newMailboxPassword();
    sealed = ctx.secrets.seal(password);
    hash = await hashMailboxPassword(password);
    await updateSite(ctx.db, order.id, { mailPasswordEnc: sealed, mailPasswordHash: hash });
  }
  const domain = mailDomainOf(ctx, order);
  await host.addDomain(domain);
  await host.setSiteSender({ domain, passwordHash: hash });
  const { host: address, submissionPort, tls } = host.endpoints();
  return {
    host: address,
    port: submissionPort,
    user: siteSenderLogin(domain),
    password: ctx.secrets.open(sealed),
    tls: { peer_name: tls.serverName, cafile: tls.caFile ?? null },
  };
}

/**
 * The site's mail settings (its sender login made on the mail host when missing, its contact
 * address), for its mu-plugin: through its REST API (configureSiteMail), or, for a new site, in
 * its installer's input (decision 0103).
 */
export async function siteMailSettings(
  ctx: Pick<Context, "config" | "db" | "secrets" | "mailHost">,
  order: Order,
  site: Site,
): Promise<SiteMailSettings> {
  const smtp = await ensureSiteSender(ctx, order, site);
  return { smtp, contact: contactEmailOf(order, site), unavailable: smtp ? null : unavailableReason(ctx) };
}

/** The order log's French line for the settings a site was given. */
export function siteMailLine(settings: SiteMailSettings): string {
  return settings.smtp
    ? `E-mails du site envoyés par ${settings.smtp.user} ; formulaire de contact vers ${settings.contact}.`
    : `Le site ne peut pas envoyer d'e-mails : ${settings.unavailable}`;
}

/** Gives the site its mail settings (sender login, contact address); throws when the site refuses them. */
export async function configureSiteMail(
  ctx: Pick<Context, "config" | "db" | "secrets" | "wordpress" | "mailHost">,
  order: Order,
  site: Site,
): Promise<string> {
  if (!site.wpUsername || !site.wpAppPasswordEnc) throw new Error("identifiants WordPress manquants");
  const settings = await siteMailSettings(ctx, order, site);
  const wp = new WordPressRest(
    ctx.wordpress.hostFor(site),
    order.subdomain,
    site.wpUsername,
    ctx.secrets.open(site.wpAppPasswordEnc),
  );
  await wp.json("PUT", "/lagon/v1/courriel", settings);
  return siteMailLine(settings);
}

/** Why the site cannot send now (French), or null. */
function unavailableReason(ctx: Pick<Context, "config" | "mailHost">): string | null {
  // The embedded mail host listens on this machine's loopback: sites of an SSH host cannot reach
  // it. An SSH mail host's submission port is public (MAIL_PUBLIC_HOST): every site reaches it.
  if (!ctx.mailHost || (ctx.config.MAIL_HOST === "local" && ctx.config.WP_HOST !== "local"))
    return SITE_MAIL_MESSAGES.sendingOff;
  return ctx.mailHost.isStarted() ? null : SITE_MAIL_MESSAGES.sendingPaused;
}

/** Why the contact address cannot be changed now (French), or null. */
function notChangeable(order: Order, site: Site): string | null {
  if (orderStatus(order, site) !== "active" || !site.wpAppPasswordEnc) return SITE_MAIL_MESSAGES.notReady;
  return null;
}

export function siteMailView(
  ctx: Pick<Context, "config" | "mailHost">,
  order: Order,
  site: Site,
): SiteMailView {
  return {
    contact_email: contactEmailOf(order, site),
    is_default: site.contactEmail === null,
    sender: unavailableReason(ctx) ? null : siteSenderLogin(mailDomainOf(ctx, order)),
    unavailable_reason: notChangeable(order, site) ?? unavailableReason(ctx),
  };
}

/**
 * The customer's new contact address: given to the site first, recorded once the site has it (a
 * site that does not answer changes nothing). The order's own e-mail clears the choice.
 */
export async function setContactEmail(
  ctx: Pick<Context, "config" | "db" | "secrets" | "wordpress" | "mailHost" | "log">,
  order: Order,
  site: Site,
  address: string,
): Promise<SiteMailView> {
  const refused = notChangeable(order, site);
  if (refused) throw forbidden(refused);
  const contactEmail = address === order.customerEmail.toLowerCase() ? null : address;
  const next = { ...site, contactEmail };
  try {
    await configureSiteMail(ctx, order, next);
  } catch (err) {
    ctx.log.error({ err, orderId: order.id }, "site mail settings refused");
    throw new AppError(503, SITE_MAIL_MESSAGES.siteUnreachable);
  }
  await updateSite(ctx.db, order.id, { contactEmail });
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "site-mail",
    details: `Formulaire de contact : les messages vont désormais à ${address}.`,
  });
  return siteMailView(ctx, order, next);
}

/** At start: the mail host gets back every site's sender login the database records. */
export async function restoreSiteSenders(
  ctx: Pick<Context, "config" | "db" | "mailHost">,
  only?: string,
): Promise<number> {
  if (!ctx.mailHost) return 0;
  const rows = await ctx.db
    .select({ order: orderColumns, hash: sites.mailPasswordHash })
    .from(sites)
    .innerJoin(orders, eq(orders.id, sites.orderId))
    .where(and(isNotNull(sites.mailPasswordHash), mailRestoreScope(ctx, sites.orderId, only)));
  for (const { order, hash } of rows) {
    const domain = mailDomainOf(ctx, order);
    await ctx.mailHost.addDomain(domain);
    await ctx.mailHost.setSiteSender({ domain, passwordHash: hash as string });
  }
  return rows.length;
}
