import type { SubscriptionStatus } from "@lagon/contracts/subscriptions";
import type { SQL } from "drizzle-orm";
import type { Context } from "../context.ts";
import type { Subscription } from "../db/schema.ts";
import { updateSubscriptionFrom } from "./subscriptions-table.ts";

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
  return updateSubscriptionFrom(ctx.db, orderId, from, patch, also);
}
