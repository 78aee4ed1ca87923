import { MAIL_ALIAS_LIMIT, MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import type { AliasView } from "@lagon/contracts/mailboxes-schemas";
import { and, asc, count, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type MailAlias, mailAliases, mailboxes, type Order } from "../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../lib/app-error.ts";
import { addOrderLog } from "../orders/order-log.ts";
import {
  chosenMailDomain,
  hostFailure,
  lockOrderAddress,
  mailDomainsOf,
  mailRestoreScope,
  pendingAllowance,
  usableHost,
} from "./order-mail-domain.ts";

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/** The order's aliases and forwards, oldest first. */
export async function listAliases(ctx: Pick<Context, "db">, orderId: string): Promise<AliasView[]> {
  const rows = await ctx.db
    .select()
    .from(mailAliases)
    .where(eq(mailAliases.orderId, orderId))
    .orderBy(asc(mailAliases.createdAt));
  const own = await ctx.db
    .select({ address: mailboxes.address })
    .from(mailboxes)
    .where(eq(mailboxes.orderId, orderId));
  const boxes = new Set(own.map((box) => box.address));
  return rows.map((row) => aliasView(row, boxes.has(row.target)));
}

/** An alias leads to one of the order's mailboxes (on any of its mail domains); a forward, outside. */
function aliasView(row: MailAlias, toMailbox: boolean): AliasView {
  const kind = toMailbox ? "alias" : "forward";
  return { address: row.address, target: row.target, kind, created_at: row.createdAt.toISOString() };
}

/**
 * Makes <localPart>@<mail domain> deliver to `target`: one of the order's mailboxes (an alias)
 * or an address outside the site's domain (a forward). Takes no mailbox place.
 */
export async function createAlias(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log">,
  order: Order,
  localPart: string,
  target: string,
  asked?: string,
): Promise<AliasView> {
  const host = await usableHost(ctx, order);
  const domain = await chosenMailDomain(ctx, order, asked);
  const address = `${localPart}@${domain}`;
  if (target === address) throw badRequest(MAILBOX_MESSAGES.aliasTargetSelf);
  const ownDomains = await mailDomainsOf(ctx, order);
  const row = await ctx.db.transaction(async (tx) => {
    await lockOrderAddress(tx, order, address);
    if (ownDomains.includes(domainOf(target))) {
      const [own] = await tx
        .select({ id: mailboxes.id })
        .from(mailboxes)
        .where(and(eq(mailboxes.orderId, order.id), eq(mailboxes.address, target)));
      if (!own) throw badRequest(MAILBOX_MESSAGES.aliasTargetNotMailbox);
    }
    // A downgrade to a plan without mail waiting for the period end: no new address (decision 0110).
    const pending = await pendingAllowance(tx, order.id);
    if (pending?.count === 0) throw conflict(MAILBOX_MESSAGES.limitPending(pending.name, 0));
    const [existing] = await tx
      .select({ n: count() })
      .from(mailAliases)
      .where(eq(mailAliases.orderId, order.id));
    if ((existing?.n ?? 0) >= MAIL_ALIAS_LIMIT)
      throw conflict(MAILBOX_MESSAGES.aliasLimitReached(MAIL_ALIAS_LIMIT));
    const [created] = await tx.insert(mailAliases).values({ orderId: order.id, address, target }).returning();
    return created as MailAlias;
  });
  try {
    await host.addDomain(domain);
    await host.setAlias(address, [target]);
  } catch (err) {
    await ctx.db.delete(mailAliases).where(eq(mailAliases.id, row.id));
    throw hostFailure(ctx, order, err);
  }
  const view = aliasView(row, ownDomains.includes(domainOf(target)));
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "mailbox",
    details: `${view.kind === "alias" ? "Alias" : "Renvoi"} ${address} → ${target} créé`,
  });
  return view;
}

/** Deletes one of the order's aliases or forwards. */
export async function deleteAlias(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  order: Order,
  address: string,
): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(mailAliases)
    .where(and(eq(mailAliases.orderId, order.id), eq(mailAliases.address, address)));
  if (!row) throw notFound(MAILBOX_MESSAGES.unknownAlias);
  if (!ctx.mailHost) throw new AppError(503, MAILBOX_MESSAGES.hostDown);
  await ctx.mailHost.removeAlias(row.address).catch((err) => {
    throw hostFailure(ctx, order, err);
  });
  await ctx.db.delete(mailAliases).where(eq(mailAliases.id, row.id));
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "mailbox",
    details: `Alias ${address} supprimé`,
  });
}

/** Deletes the aliases that lead to a mailbox being deleted (they would bounce). */
export async function deleteAliasesTo(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  order: Order,
  mailbox: string,
): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(mailAliases)
    .where(and(eq(mailAliases.orderId, order.id), eq(mailAliases.target, mailbox)));
  for (const row of rows) await deleteAlias(ctx, order, row.address);
}

/** Gives the mail host every alias the database records (after `restore` gave it the domains). */
export async function restoreAliases(ctx: Pick<Context, "db" | "mailHost">, only?: string): Promise<number> {
  if (!ctx.mailHost) return 0;
  const rows = await ctx.db
    .select()
    .from(mailAliases)
    .where(mailRestoreScope(ctx, mailAliases.orderId, only));
  for (const row of rows) {
    await ctx.mailHost.addDomain(domainOf(row.address));
    await ctx.mailHost.setAlias(row.address, [row.target]);
  }
  return rows.length;
}
