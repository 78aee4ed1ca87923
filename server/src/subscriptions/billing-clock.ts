import { DAY_MS } from "@lagon/contracts/billing-dates";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { billingClock } from "../db/schema.ts";

/**
 * The one "now" of the subscription lifecycle. With Stripe it is real time, always. Offline it
 * is real time plus the test clock's offset, kept in the database so that the API and every
 * worker agree on the date.
 */
export async function billingNow(ctx: Pick<Context, "db" | "payments">): Promise<Date> {
  if (!ctx.payments.productBills) return new Date();
  const [row] = await ctx.db
    .select({ offsetMs: billingClock.offsetMs })
    .from(billingClock)
    .where(eq(billingClock.id, 1));
  return new Date(Date.now() + (row?.offsetMs ?? 0));
}

/** Moves the offline clock one day forward; answers the new date. */
export async function advanceClockOneDay(ctx: Pick<Context, "db" | "payments">): Promise<Date> {
  if (!ctx.payments.productBills) throw new Error("the billing test clock does not exist with Stripe");
  await ctx.db
    .insert(billingClock)
    .values({ id: 1, offsetMs: DAY_MS })
    .onConflictDoUpdate({
      target: billingClock.id,
      set: { offsetMs: sql`${billingClock.offsetMs} + ${DAY_MS}`, updatedAt: new Date() },
    });
  return billingNow(ctx);
}

/** The offline clock's lead over real time, in days. */
export async function clockOffsetDays(ctx: Pick<Context, "db">): Promise<number> {
  const [row] = await ctx.db.select().from(billingClock).where(eq(billingClock.id, 1));
  return (row?.offsetMs ?? 0) / DAY_MS;
}
