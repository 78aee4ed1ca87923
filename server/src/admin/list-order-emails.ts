import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { EmailLogEntry } from "@lagon/contracts/admin-schemas";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { emailLog } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { emailDisplayCopy } from "../mail/email-display-copy.ts";
import { orderExists } from "../orders/orders-table.ts";

/**
 * Every e-mail sent about one order, newest first: what, to whom, when, delivered or not, and
 * its body with links' secrets masked (masked here too: a row queued before migration 0003
 * holds its clear body until it is delivered).
 */
export async function listOrderEmails(ctx: Pick<Context, "db">, orderId: string): Promise<EmailLogEntry[]> {
  if (!(await orderExists(ctx.db, orderId))) throw notFound(ADMIN_MESSAGES.orderNotFound);
  const rows = await ctx.db
    .select({
      id: emailLog.id,
      template: emailLog.template,
      recipient: emailLog.recipient,
      subject: emailLog.subject,
      html: emailLog.html,
      status: emailLog.status,
      error: emailLog.error,
      createdAt: emailLog.createdAt,
      sentAt: emailLog.sentAt,
    })
    .from(emailLog)
    .where(eq(emailLog.orderId, orderId))
    .orderBy(desc(emailLog.createdAt));
  return rows.map((e) => ({
    id: e.id,
    template: e.template,
    recipient: e.recipient,
    subject: e.subject,
    html: emailDisplayCopy(e.html),
    status: e.status,
    error: e.error,
    created_at: e.createdAt.toISOString(),
    sent_at: e.sentAt?.toISOString() ?? null,
  }));
}
