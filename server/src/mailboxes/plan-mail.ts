/**
 * The site's mailboxes follow its plan (decision 0105): a change the mailboxes do not fit (too
 * many for the new plan, one storing more than its storage, any address at all for Libre) is
 * refused before anything is charged or scheduled, naming what to remove or empty; once a change
 * is made, each mailbox gets the new plan's storage. A plan change never deletes mail.
 */
import {
  formatGigabytes,
  MAILBOX_ALLOWANCE,
  MAILBOX_MESSAGES,
  type MailboxInUse,
  mailPlanChangeRefusal,
} from "@lagon/contracts/mailboxes";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { asc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { mailAliases, mailboxes } from "../db/schema.ts";
import { AppError, conflict } from "../lib/app-error.ts";
import { addOrderLog } from "../orders/order-log.ts";

export interface OrderMailInUse {
  mailboxes: MailboxInUse[];
  aliases: string[];
}

/** The site's mailboxes (what each stores unknown) and aliases, as the plan form weighs them. */
export async function orderMailInUse(ctx: Pick<Context, "db">, orderId: string): Promise<OrderMailInUse> {
  const boxes = await ctx.db
    .select({ address: mailboxes.address })
    .from(mailboxes)
    .where(eq(mailboxes.orderId, orderId))
    .orderBy(asc(mailboxes.address));
  const aliases = await ctx.db
    .select({ address: mailAliases.address })
    .from(mailAliases)
    .where(eq(mailAliases.orderId, orderId))
    .orderBy(asc(mailAliases.address));
  return {
    mailboxes: boxes.map((b) => ({ address: b.address, usedBytes: null })),
    aliases: aliases.map((a) => a.address),
  };
}

/**
 * Refuses (409, French) a move from `from` to `to` that the site's mailboxes do not fit; a move
 * to smaller mailboxes asks the mail host what each stores (503 when it cannot say). Changes nothing.
 */
export async function assertMailFitsPlan(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  orderId: string,
  from: PlanId,
  to: PlanId,
): Promise<void> {
  const mail = await orderMailInUse(ctx, orderId);
  const after = MAILBOX_ALLOWANCE[to];
  const smaller = after.count > 0 && after.quotaBytes < MAILBOX_ALLOWANCE[from].quotaBytes;
  if (smaller && mail.mailboxes.length > 0 && mail.mailboxes.length <= after.count) {
    if (!ctx.mailHost) throw new AppError(503, MAILBOX_MESSAGES.hostDown);
    const used = await ctx.mailHost.usage(mail.mailboxes.map((m) => m.address)).catch((err) => {
      ctx.log.error({ err, orderId }, "mailbox usage unavailable for a plan change");
      throw new AppError(503, MAILBOX_MESSAGES.hostDown);
    });
    for (const m of mail.mailboxes) m.usedBytes = used.get(m.address) ?? 0;
  }
  const refusal = mailPlanChangeRefusal(to, mail.mailboxes, mail.aliases);
  if (refusal) throw conflict(refusal);
}

/**
 * After a plan change: each mailbox gets the new plan's storage, in the database (the reference:
 * a mail host rebuilt at start takes it from there) then on the host. A plan without mailboxes
 * deletes none: the ones left (a change made at Stripe, not refused) are said in the order's log.
 */
export async function fitMailboxesToPlan(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  orderId: string,
  planId: PlanId,
): Promise<void> {
  const after = MAILBOX_ALLOWANCE[planId];
  const rows = await ctx.db.select().from(mailboxes).where(eq(mailboxes.orderId, orderId));
  if (rows.length === 0) return;
  if (after.count === 0) {
    await addOrderLog(ctx.db, orderId, {
      level: "warning",
      action: "mailbox",
      details: `La formule ${planById(planId).name} ne comprend pas d'adresse e-mail, mais ${rows.length > 1 ? `${rows.length} adresses restent` : "une adresse reste"} (${rows.map((r) => r.address).join(", ")}) : rien n'est supprimé, à voir avec le client.`,
    });
    return;
  }
  const changed = rows.filter((r) => r.quotaBytes !== after.quotaBytes);
  if (changed.length === 0) return;
  await ctx.db.update(mailboxes).set({ quotaBytes: after.quotaBytes }).where(eq(mailboxes.orderId, orderId));
  let failed = false;
  for (const row of changed) {
    await ctx.mailHost
      ?.setMailbox({ address: row.address, passwordHash: row.passwordHash, quotaBytes: after.quotaBytes })
      .catch((err) => {
        failed = true;
        ctx.log.error({ err, orderId, address: row.address }, "mailbox quota not changed on the mail host");
      });
  }
  await addOrderLog(ctx.db, orderId, {
    level: failed || !ctx.mailHost ? "warning" : "info",
    action: "mailbox",
    details: `Formule ${planById(planId).name} : ${changed.length > 1 ? `les ${changed.length} adresses e-mail passent` : `l'adresse ${changed[0]?.address} passe`} à ${formatGigabytes(after.quotaBytes)}${failed || !ctx.mailHost ? " (messagerie injoignable : appliqué à son prochain démarrage)" : ""}.`,
  });
}
