/**
 * The send-rate counts of the mail host's logins, in the database (`mail_sends`, decision 0083):
 * a restart of the product, or of its mail host, keeps each login's hour.
 */
import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mailSends } from "../db/schema.ts";

export interface SendLimit {
  /** Recipients a login may submit within `perSeconds`. */
  recipients: number;
  perSeconds: number;
}

export class SendCounts {
  constructor(private readonly db: Db) {}

  /**
   * Counts one recipient of the login at `now`; false when its budget for the window ending then
   * is spent (not counted then). One login at a time (a transaction lock on its name): two
   * submissions at once never both take the last place.
   */
  take(login: string, limit: SendLimit, now: Date): Promise<boolean> {
    const since = new Date(now.getTime() - limit.perSeconds * 1000);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail_sends:${login}`}))`);
      await tx.delete(mailSends).where(lte(mailSends.sentAt, since));
      const [row] = await tx
        .select({ n: count() })
        .from(mailSends)
        .where(and(eq(mailSends.login, login), gt(mailSends.sentAt, since)));
      if ((row?.n ?? 0) >= limit.recipients) return false;
      await tx.insert(mailSends).values({ login, sentAt: now });
      return true;
    });
  }

  /** The recipients the login submitted after `since`. */
  async sentSince(login: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(mailSends)
      .where(and(eq(mailSends.login, login), gt(mailSends.sentAt, since)));
    return row?.n ?? 0;
  }
}
