import { MAILBOX_ALLOWANCE, MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import type { PlanId } from "@lagon/contracts/plans";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import type { Db } from "../db/database.ts";
import { mailAliases, mailboxes, type Order, orders } from "../db/schema.ts";
import { AppError, conflict, forbidden } from "../lib/app-error.ts";
import type { MailHost } from "../mail-host/mail-host.ts";

/** What mailboxes and aliases share: the site's mail domain, the plan's allowance, the host. */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The site's own mail domain: <subdomain>.<BASE_DOMAIN>. */
export function mailDomainOf(ctx: Context, order: Order): string {
  return `${order.subdomain}.${ctx.config.BASE_DOMAIN}`.toLowerCase();
}

export function allowanceOf(order: Order) {
  return MAILBOX_ALLOWANCE[order.planId as PlanId] ?? MAILBOX_ALLOWANCE.libre;
}

/** Why the order can have no mailbox now (French), or null. */
export function unavailableReason(ctx: Context, order: Order): string | null {
  if (allowanceOf(order).count === 0) return MAILBOX_MESSAGES.notIncluded;
  if (!ctx.mailHost) return MAILBOX_MESSAGES.hostDown;
  if (order.status !== "active") return MAILBOX_MESSAGES.notReady;
  return null;
}

export function usableHost(ctx: Context, order: Order): MailHost {
  const reason = unavailableReason(ctx, order);
  if (reason) throw forbidden(reason);
  return ctx.mailHost as MailHost;
}

export function hostFailure(ctx: Context, order: Order, err: unknown): AppError {
  ctx.log.error({ err, orderId: order.id }, "mail host change failed");
  return new AppError(503, MAILBOX_MESSAGES.hostDown);
}

/**
 * Locks the order's row for the rest of the transaction, then refuses an address a mailbox or an
 * alias already has: two creations at once can neither take the same name nor the last place.
 */
export async function lockOrderAddress(tx: Tx, order: Order, address: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
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
