/**
 * The site's mailboxes follow its plan (decision 0105): a change the mailboxes do not fit (too
 * many for the new plan, one storing more than its storage, any address at all for Libre) is
 * refused before anything is charged or scheduled, naming what to remove or empty; once a change
 * is made, each mailbox gets the new plan's storage. A plan change never deletes mail.
 */
import {
  formatGigabytes,
  listed,
  MAILBOX_ALLOWANCE,
  MAILBOX_MESSAGES,
  type MailboxInUse,
  mailPlanChangeRefusal,
  mailPlanChangeWeighsUse,
  PLAN_CHANGE_UNCHANGED,
} from "@lagon/contracts/mailboxes";
import { PLANS, type PlanId, planById } from "@lagon/contracts/plans";
import { asc, eq, inArray } from "drizzle-orm";
import type { Context } from "../context.ts";
import { mailAliases, mailboxes, type Order } from "../db/schema.ts";
import { AppError, conflict } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { siteUrlOf } from "../sites/site-of.ts";
import { setOrderMailboxQuota } from "./mailboxes-table.ts";

export interface OrderMailInUse {
  mailboxes: MailboxInUse[];
  aliases: string[];
  /** Each mailbox's storage now: its plan's, or an older plan's for one left on Libre. */
  quotas: number[];
}

/** The site's mailboxes (what each stores unknown) and aliases, as the plan form weighs them. */
export async function orderMailInUse(ctx: Pick<Context, "db">, orderId: string): Promise<OrderMailInUse> {
  const boxes = await ctx.db
    .select({ address: mailboxes.address, quotaBytes: mailboxes.quotaBytes })
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
    quotas: boxes.map((b) => b.quotaBytes),
  };
}

/**
 * Refuses (409, French) a move to `to` that the site's mailboxes do not fit; a move to smaller
 * mailboxes asks the mail host what each stores (503 when it cannot say). Changes nothing.
 */
export async function assertMailFitsPlan(
  ctx: Pick<Context, "db" | "mailHost" | "log">,
  orderId: string,
  to: PlanId,
): Promise<void> {
  const mail = await orderMailInUse(ctx, orderId);
  if (mailPlanChangeWeighsUse(to, mail.quotas)) {
    if (!ctx.mailHost) throw new AppError(503, MAILBOX_MESSAGES.hostDown);
    const used = await ctx.mailHost.usage(mail.mailboxes.map((m) => m.address)).catch((err) => {
      ctx.log.error({ err, orderId }, "mailbox usage unavailable for a plan change");
      throw new AppError(503, MAILBOX_MESSAGES.hostDown);
    });
    for (const m of mail.mailboxes) m.usedBytes = used.get(m.address) ?? 0;
  }
  const refusal = mailPlanChangeRefusal(to, mail.mailboxes, mail.aliases);
  if (refusal) throw conflict(`${refusal} ${PLAN_CHANGE_UNCHANGED}`);
}

/** The addresses (mailboxes and aliases) a site keeps on a plan without mail, sorted; none on a plan with mail. */
export async function addressesOutsidePlan(ctx: Pick<Context, "db">, order: Order): Promise<string[]> {
  const plan = MAILBOX_ALLOWANCE[order.planId as PlanId];
  if (plan && plan.count > 0) return [];
  const mail = await orderMailInUse(ctx, order.id);
  return [...mail.mailboxes.map((m) => m.address), ...mail.aliases].sort();
}

/** Each order's addresses outside its plan (decision 0110), said for the agency's order cards. */
export async function mailOutsidePlanAlerts(
  ctx: Pick<Context, "db">,
  orders: Pick<Order, "id" | "planId">[],
): Promise<Map<string, string>> {
  const alerts = new Map<string, string>();
  const without = orders.filter((o) => (MAILBOX_ALLOWANCE[o.planId as PlanId]?.count ?? 0) === 0);
  if (without.length === 0) return alerts;
  const ids = without.map((o) => o.id);
  const rows = [
    ...(await ctx.db
      .select({ orderId: mailboxes.orderId, address: mailboxes.address })
      .from(mailboxes)
      .where(inArray(mailboxes.orderId, ids))),
    ...(await ctx.db
      .select({ orderId: mailAliases.orderId, address: mailAliases.address })
      .from(mailAliases)
      .where(inArray(mailAliases.orderId, ids))),
  ];
  for (const o of without) {
    const addresses = rows.filter((r) => r.orderId === o.id).map((r) => r.address);
    if (addresses.length > 0)
      alerts.set(o.id, MAILBOX_MESSAGES.outsidePlanAgency(planName(o.planId), addresses.sort()));
  }
  return alerts;
}

const planName = (planId: string) => PLANS.find((p) => p.id === planId)?.name ?? planId;

/**
 * After a plan change: each mailbox gets the new plan's storage, in the database (the reference:
 * a mail host rebuilt at start takes it from there) then on the host. A plan without mail
 * deletes and blocks nothing (decision 0110): the addresses left (a change made at Stripe, which
 * the product would have refused) keep working, and the agency is told, in the order's log and
 * by e-mail; its order card and the order page say it until they are gone; the customer gets an
 * e-mail saying what to do (decision 0113).
 */
export async function fitMailboxesToPlan(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log" | "queue" | "secrets" | "wordpress">,
  order: Order,
  planId: PlanId,
): Promise<void> {
  const orderId = order.id;
  const after = MAILBOX_ALLOWANCE[planId];
  if (after.count === 0) {
    const addresses = await addressesOutsidePlan(ctx, { ...order, planId });
    if (addresses.length === 0) return;
    const detail = MAILBOX_MESSAGES.outsidePlanAgency(planById(planId).name, addresses);
    ctx.log.warn({ orderId, addresses: addresses.length }, "mail addresses left on a plan without mail");
    await addOrderLog(ctx.db, orderId, { level: "warning", action: "mailbox", details: detail });
    await queueEmail(ctx, {
      template: "mail_outside_plan_agency",
      to: ctx.config.AGENCY_EMAIL,
      orderId,
      vars: {
        detail,
        order_id: orderId,
        subdomain: order.subdomain,
        customer_email: order.customerEmail,
        admin_url: `${ctx.config.PUBLIC_URL}/admin`,
      },
    });
    // The customer too, by e-mail (the order page says it only to who opens it).
    await queueEmail(ctx, {
      template: "mail_outside_plan_customer",
      to: order.customerEmail,
      orderId,
      vars: {
        customer_name: order.customerName,
        site_url: await siteUrlOf(ctx, order),
        plan_name: planById(planId).name,
        addresses: listed(addresses),
        magic_link: magicLinkUrl(ctx, order),
      },
    });
    return;
  }
  const rows = await ctx.db.select().from(mailboxes).where(eq(mailboxes.orderId, orderId));
  if (rows.length === 0) return;
  const changed = rows.filter((r) => r.quotaBytes !== after.quotaBytes);
  if (changed.length === 0) return;
  await setOrderMailboxQuota(ctx.db, orderId, after.quotaBytes);
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
