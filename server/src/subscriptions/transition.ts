import type { SubscriptionStatus } from "@lagon/contracts/subscriptions";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Subscription, subscriptions } from "../db/schema.ts";

/**
 * Changes a subscription only if it is still in one of the `from` statuses (and meets `also`):
 * of two processes racing on the same change, one wins and the other gets undefined (and
 * records nothing).
 */
export async function changeSubscription(
  ctx: Pick<Context, "db">,
  orderId: string,
  from: readonly SubscriptionStatus[],
  patch: Partial<Omit<Subscription, "orderId">>,
  also?: SQL,
): Promise<Subscription | undefined> {
  const [row] = await ctx.db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(subscriptions.orderId, orderId), inArray(subscriptions.status, [...from]), also))
    .returning();
  return row;
}
