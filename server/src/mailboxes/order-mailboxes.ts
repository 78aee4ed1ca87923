import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import type {
  MailboxList,
  MailboxPassword,
  MailboxView,
  VacationBody,
} from "@lagon/contracts/mailboxes-schemas";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../context.ts";
import { type MailboxRow, mailboxes, type Order, sites } from "../db/schema.ts";
import { AppError, conflict, notFound } from "../lib/app-error.ts";
import { hashMailboxPassword, newMailboxPassword } from "../mail-host/mailbox-password.ts";
import { appleMailProfile } from "../mail-setup/mail-client-setup.ts";
import { profileSignerOf, signProfile } from "../mail-setup/profile-signing.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { restoreSiteSenders } from "../site-mail/site-mail.ts";
import { deleteMailboxRow, insertMailbox, updateMailbox } from "./mailboxes-table.ts";
import { deleteAliasesTo, listAliases, restoreAliases } from "./order-aliases.ts";
import {
  allowanceOf,
  chosenMailDomain,
  hostFailure,
  lockOrderAddress,
  mailDomainOf,
  mailDomainsOf,
  mailRestoreScope,
  pendingAllowance,
  unavailableReason,
  usableHost,
} from "./order-mail-domain.ts";
import { removeLeftMailDomains, restoreSuspensions } from "./order-mail-follows-site.ts";
import { addressesOutsidePlan } from "./plan-mail.ts";

/** The order's mailboxes with what each stores, as its page shows them. */
export async function listMailboxes(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log">,
  order: Order,
): Promise<MailboxList> {
  const rows = await ctx.db
    .select()
    .from(mailboxes)
    .where(eq(mailboxes.orderId, order.id))
    .orderBy(asc(mailboxes.createdAt));
  let used: Map<string, number> | null = null;
  if (ctx.mailHost && rows.length > 0) {
    used = await ctx.mailHost.usage(rows.map((row) => row.address)).catch((err) => {
      ctx.log.warn({ err, orderId: order.id }, "mailbox usage unavailable");
      return null;
    });
  }
  // A plan without mail whose site still has addresses (decision 0110): they are listed to be
  // kept working or deleted, with the settings to reach them; nothing new is made.
  const left = await addressesOutsidePlan(ctx, order);
  const outsidePlan =
    left.length > 0 ? MAILBOX_MESSAGES.outsidePlan(planById(order.planId as PlanId).name, left) : null;
  const reason = await unavailableReason(ctx, order, outsidePlan !== null);
  const endpoints = ctx.mailHost?.endpoints();
  return {
    domain: allowanceOf(order).count > 0 || outsidePlan ? mailDomainOf(ctx, order) : null,
    domains: allowanceOf(order).count > 0 || outsidePlan ? await mailDomainsOf(ctx, order) : [],
    allowance: allowanceOf(order).count,
    quota_bytes: allowanceOf(order).quotaBytes,
    mailboxes: rows.map((row) => view(row, used)),
    aliases: await listAliases(ctx, order.id),
    settings:
      endpoints && !reason
        ? {
            host: endpoints.host,
            imap_port: endpoints.imapPort,
            smtp_port: endpoints.submissionPort,
            webmail_url: endpoints.webmailUrl ?? null,
            apple_profile_signed: profileSignerOf(ctx.config) !== null,
          }
        : null,
    unavailable_reason: reason,
    outside_plan: outsidePlan,
  };
}

/** Creates <localPart>@<domain> (one of the site's mail domains) with a new password, shown this once. */
export async function createMailbox(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log">,
  order: Order,
  localPart: string,
  asked?: string,
): Promise<MailboxPassword> {
  const host = await usableHost(ctx, order);
  const allowance = allowanceOf(order);
  const domain = await chosenMailDomain(ctx, order, asked);
  const address = `${localPart}@${domain}`;
  const password = newMailboxPassword();
  const passwordHash = await hashMailboxPassword(password);
  const row = await ctx.db.transaction(async (tx) => {
    await lockOrderAddress(tx, order, address);
    const [existing] = await tx.select({ n: count() }).from(mailboxes).where(eq(mailboxes.orderId, order.id));
    if ((existing?.n ?? 0) >= allowance.count) throw conflict(MAILBOX_MESSAGES.limitReached(allowance.count));
    // A downgrade waiting for the period end holds the site to its plan's count (decision 0105).
    const pending = await pendingAllowance(tx, order.id);
    if (pending && (existing?.n ?? 0) >= pending.count)
      throw conflict(MAILBOX_MESSAGES.limitPending(pending.name, pending.count));
    return insertMailbox(tx, { orderId: order.id, address, passwordHash, quotaBytes: allowance.quotaBytes });
  });
  try {
    await host.addDomain(domain);
    await host.setMailbox({ address, passwordHash, quotaBytes: allowance.quotaBytes });
  } catch (err) {
    await deleteMailboxRow(ctx.db, row.id);
    throw hostFailure(ctx, order, err);
  }
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "mailbox",
    details: `Adresse ${address} créée`,
  });
  return { mailbox: view(row, new Map([[address, 0]])), password };
}

/** Deletes one of the order's mailboxes with its mail. */
export async function deleteMailbox(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  order: Order,
  address: string,
): Promise<void> {
  const host = ctx.mailHost;
  const row = await ownMailbox(ctx, order, address);
  if (!host) throw new AppError(503, MAILBOX_MESSAGES.hostDown);
  await deleteAliasesTo(ctx, order, row.address);
  await host.removeMailbox(row.address).catch((err) => {
    throw hostFailure(ctx, order, err);
  });
  await deleteMailboxRow(ctx.db, row.id);
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "mailbox",
    details: `Adresse ${address} supprimée`,
  });
}

/** Gives one of the order's mailboxes a new password, shown this once; the old one stops working. */
export async function resetMailboxPassword(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  order: Order,
  address: string,
): Promise<MailboxPassword> {
  const row = await ownMailbox(ctx, order, address);
  const host = await usableHost(ctx, order, true);
  const password = newMailboxPassword();
  const passwordHash = await hashMailboxPassword(password);
  await host.setMailbox({ address: row.address, passwordHash, quotaBytes: row.quotaBytes }).catch((err) => {
    throw hostFailure(ctx, order, err);
  });
  await updateMailbox(ctx.db, row.id, { passwordHash });
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "mailbox",
    details: `Nouveau mot de passe pour ${address}`,
  });
  const used = await host.usage([row.address]).catch(() => null);
  return { mailbox: view(row, used), password };
}

/** Turns one of the order's mailboxes' out-of-office reply on or off, and keeps what it says. */
export async function setMailboxVacation(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  order: Order,
  address: string,
  body: z.output<typeof VacationBody>,
): Promise<MailboxView> {
  const row = await ownMailbox(ctx, order, address);
  const host = await usableHost(ctx, order, true);
  await host.setVacation(row.address, body).catch((err) => {
    throw hostFailure(ctx, order, err);
  });
  const updated = await updateMailbox(ctx.db, row.id, { vacation: body });
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "mailbox",
    details: `Réponse automatique ${body.enabled ? "activée" : "désactivée"} pour ${row.address}`,
  });
  const used = await host.usage([row.address]).catch(() => null);
  return view(updated ?? row, used);
}

/**
 * Apple's configuration profile for one of the order's mailboxes (no password: the device asks),
 * signed by the mail host's certificate when the operator gave one (decision 0102). A signature
 * that fails (the key unreadable by this process) is logged and the profile goes unsigned: the
 * device still installs it, as "Non vérifié".
 */
export async function mailboxProfile(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log">,
  order: Order,
  address: string,
): Promise<string | Buffer> {
  const row = await ownMailbox(ctx, order, address);
  const profile = appleMailProfile(row.address, (await usableHost(ctx, order, true)).endpoints());
  const signer = profileSignerOf(ctx.config);
  if (!signer) return profile;
  return signProfile(profile, signer).catch((err) => {
    ctx.log.error({ err, orderId: order.id }, "apple profile not signed");
    return profile;
  });
}

async function ownMailbox(ctx: Pick<Context, "db">, order: Order, address: string): Promise<MailboxRow> {
  const [row] = await ctx.db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.orderId, order.id), eq(mailboxes.address, address)));
  if (!row) throw notFound(MAILBOX_MESSAGES.unknownMailbox);
  return row;
}

function view(row: MailboxRow, used: Map<string, number> | null): MailboxView {
  return {
    address: row.address,
    vacation: row.vacation ?? null,
    used_bytes: used?.get(row.address) ?? null,
    quota_bytes: row.quotaBytes,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Gives the mail host every mailbox the database records (with its domain): at start, a host
 * that lost its state or a new one gets them back, with the passwords their owners have. Sites
 * removed (archived) are left out: their domains left the host with them, and one it still
 * serves (a removal it missed) is removed now (decision 0113). With
 * `only`, that order's alone (its site coming back from its final copy): its domains, mailboxes,
 * aliases and forwards, replies and site sender.
 */
export async function restoreMailHost(
  ctx: Pick<Context, "config" | "db" | "mailHost">,
  only?: Order,
): Promise<number> {
  if (!ctx.mailHost) return 0;
  if (!only) await removeLeftMailDomains(ctx);
  const rows = await ctx.db
    .select({ mailbox: mailboxes, subdomain: sites.name })
    .from(mailboxes)
    .innerJoin(sites, eq(sites.orderId, mailboxes.orderId))
    .where(mailRestoreScope(ctx, mailboxes.orderId, only?.id));
  const domains = [
    ...new Set(rows.map(({ mailbox }) => mailbox.address.slice(mailbox.address.lastIndexOf("@") + 1))),
  ];
  await ctx.mailHost.restore(
    domains,
    rows.map(({ mailbox }) => ({
      address: mailbox.address,
      passwordHash: mailbox.passwordHash,
      quotaBytes: mailbox.quotaBytes,
    })),
  );
  await restoreAliases(ctx, only?.id);
  for (const { mailbox } of rows)
    if (mailbox.vacation?.enabled) await ctx.mailHost.setVacation(mailbox.address, mailbox.vacation);
  await restoreSiteSenders(ctx, only?.id);
  if (!only) await restoreSuspensions(ctx);
  return rows.length;
}
