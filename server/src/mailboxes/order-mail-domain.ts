import { MAILBOX_ALLOWANCE, MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { PLANS, type PlanId } from "@lagon/contracts/plans";
import { and, type Column, eq, notInArray, type SQL } from "drizzle-orm";
import type { Context } from "../context.ts";
import type { Db } from "../db/database.ts";
import { customDomains, mailAliases, mailboxes, type Order, orders, subscriptions } from "../db/schema.ts";
import { AppError, badRequest, conflict, forbidden } from "../lib/app-error.ts";
import type { MailHost } from "../mail-host/mail-host.ts";
import { lockOrder, orderStatus } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";

/** What mailboxes and aliases share: the site's mail domain, the plan's allowance, the host. */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The site's own mail domain: <subdomain>.<BASE_DOMAIN>. */
export function mailDomainOf(ctx: Pick<Context, "config">, order: Order): string {
  return `${order.subdomain}.${ctx.config.BASE_DOMAIN}`.toLowerCase();
}

/** The site's live custom domain, which is a mail domain of the site too (null while none is live). */
export async function liveCustomDomain(ctx: Pick<Context, "db">, orderId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ domain: customDomains.domain })
    .from(customDomains)
    .where(and(eq(customDomains.orderId, orderId), eq(customDomains.state, "active")));
  return row?.domain ?? null;
}

/** Whether the domain is some site's live custom domain of a plan with mailboxes. */
export async function isLiveCustomDomain(ctx: Pick<Context, "db">, domain: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ planId: orders.planId })
    .from(customDomains)
    .innerJoin(orders, eq(orders.id, customDomains.orderId))
    .where(and(eq(customDomains.domain, domain), eq(customDomains.state, "active")));
  return row ? (MAILBOX_ALLOWANCE[row.planId as PlanId]?.count ?? 0) > 0 : false;
}

/** Every mail domain of the site: its own, then its custom domain once live. */
export async function mailDomainsOf(ctx: Pick<Context, "config" | "db">, order: Order): Promise<string[]> {
  const custom = await liveCustomDomain(ctx, order.id);
  return [mailDomainOf(ctx, order), ...(custom ? [custom] : [])];
}

/** The mail domain a new address goes on: the one asked for if it is the site's, else its own. */
export async function chosenMailDomain(
  ctx: Pick<Context, "config" | "db">,
  order: Order,
  asked: string | undefined,
): Promise<string> {
  if (!asked) return mailDomainOf(ctx, order);
  if (!(await mailDomainsOf(ctx, order)).includes(asked))
    throw badRequest(MAILBOX_MESSAGES.unknownMailDomain);
  return asked;
}

/**
 * Whether the site is removed from its host (archived): its mail domains are gone from the mail
 * host too (decision 0113), and come back only with the site.
 */
export async function siteRemoved(ctx: Pick<Context, "db">, orderId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ siteState: subscriptions.siteState })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId));
  return row?.siteState === "removed";
}

/**
 * The orders whose mail the host is given back from the database (`column`: an order id column):
 * `only` that one, or every order but those whose site is removed (their domains were removed
 * from the host with the site, decision 0113).
 */
export function mailRestoreScope(ctx: Pick<Context, "db">, column: Column, only?: string): SQL {
  if (only) return eq(column, only);
  return notInArray(
    column,
    ctx.db
      .select({ id: subscriptions.orderId })
      .from(subscriptions)
      .where(eq(subscriptions.siteState, "removed")),
  );
}

export function allowanceOf(order: Order) {
  return MAILBOX_ALLOWANCE[order.planId as PlanId] ?? MAILBOX_ALLOWANCE.libre;
}

/**
 * Why the order can have no mailbox now (French), or null. `existing`: for what is done to an
 * address the site already has (a new password, a reply, a profile), which its plan does not
 * forbid: one left on a plan without mail works on until it is deleted (decision 0110).
 */
export async function unavailableReason(
  ctx: Pick<Context, "db" | "mailHost">,
  order: Order,
  existing = false,
): Promise<string | null> {
  if (!existing && allowanceOf(order).count === 0) return MAILBOX_MESSAGES.notIncluded;
  if (!ctx.mailHost) return MAILBOX_MESSAGES.hostDown;
  if (orderStatus(order, await getSite(ctx.db, order.id)) !== "active") return MAILBOX_MESSAGES.notReady;
  if (await siteRemoved(ctx, order.id)) return MAILBOX_MESSAGES.siteArchived;
  return null;
}

export async function usableHost(
  ctx: Pick<Context, "db" | "mailHost">,
  order: Order,
  existing = false,
): Promise<MailHost> {
  const reason = await unavailableReason(ctx, order, existing);
  if (reason) throw forbidden(reason);
  return ctx.mailHost as MailHost;
}

export function hostFailure(ctx: Pick<Context, "log">, order: Order, err: unknown): AppError {
  ctx.log.error({ err, orderId: order.id }, "mail host change failed");
  return new AppError(503, MAILBOX_MESSAGES.hostDown);
}

/**
 * Locks the order's row for the rest of the transaction, then refuses an address a mailbox or an
 * alias already has: two creations at once can neither take the same name nor the last place.
 */
export async function lockOrderAddress(tx: Tx, order: Order, address: string): Promise<void> {
  await lockOrder(tx, order.id);
  const [mailbox] = await tx
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(eq(mailboxes.address, address));
  const [alias] = await tx
    .select({ id: mailAliases.id })
    .from(mailAliases)
    .where(eq(mailAliases.address, address));
  if (mailbox || alias) throw conflict(MAILBOX_MESSAGES.taken);
}

/**
 * A custom domain leaves the site (the agency removes or refuses it) only once it carries no
 * mailbox nor alias: otherwise a French 409 names them (decision 0070). Their mail would be lost
 * without anyone choosing to.
 */
export async function assertNoAddressesOn(ctx: Pick<Context, "db">, orderId: string, domain: string) {
  const boxes = await ctx.db
    .select({ address: mailboxes.address })
    .from(mailboxes)
    .where(eq(mailboxes.orderId, orderId));
  const aliases = await ctx.db
    .select({ address: mailAliases.address })
    .from(mailAliases)
    .where(eq(mailAliases.orderId, orderId));
  const addresses = [...boxes, ...aliases]
    .map((row) => row.address)
    .filter((address) => address.endsWith(`@${domain}`))
    .sort();
  if (addresses.length > 0) throw conflict(MAILBOX_MESSAGES.domainHasAddresses(domain, addresses));
}

/** The domain has left the site: the mail host stops accepting its mail and forgets its key. */
export async function removeCustomMailDomain(
  ctx: Pick<Context, "mailHost" | "log">,
  orderId: string,
  domain: string,
): Promise<void> {
  if (!ctx.mailHost) return;
  await ctx.mailHost.removeDomain(domain).catch((err) => {
    // Nothing is left on it (assertNoAddressesOn): a host that kept it only accepts no one.
    ctx.log.error({ err, orderId, domain }, "custom domain not removed from the mail host");
  });
}

/** Once the domain is live, it is a mail domain of the site (a plan with mailboxes, a host). */
export async function addCustomMailDomain(
  ctx: Pick<Context, "mailHost" | "log">,
  order: Order,
  domain: string,
): Promise<void> {
  if (allowanceOf(order).count === 0 || !ctx.mailHost) return;
  await ctx.mailHost.addDomain(domain).catch((err) => {
    // Given again when the order page shows its mail records, or a mailbox is made on it.
    ctx.log.error({ err, orderId: order.id, domain }, "custom domain not added to the mail host");
  });
}

/** The mailbox count of the plan a waiting downgrade moves the order to, or null. */
export async function pendingAllowance(tx: Pick<Context["db"], "select">, orderId: string) {
  const [sub] = await tx
    .select({ pending: subscriptions.pendingPlanId })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId));
  const plan = PLANS.find((p) => p.id === sub?.pending);
  return plan ? { name: plan.name, count: MAILBOX_ALLOWANCE[plan.id].count } : null;
}
