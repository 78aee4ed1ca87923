import type { PlanId } from "@lagon/contracts/plans";
import { ne } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type Order, type Subscription, subscriptions } from "../db/schema.ts";
import { applyKitJob } from "../kits/apply-kit-job.ts";
import { fitMailboxesToPlan } from "../mailboxes/plan-mail.ts";
import { setOrderPlan } from "../orders/orders-table.ts";
import { planAmountTtcCents } from "./subscription-view.ts";
import { changeSubscription } from "./transition.ts";

/**
 * Puts the subscription and its order on another plan (its renewals charge the new price from
 * now on), gives its mailboxes the plan's storage and queues its kit; undefined when it is on that plan already (another process switched it first).
 */
export async function switchPlan(
  ctx: Pick<Context, "db" | "config" | "queue" | "mailHost" | "log" | "secrets" | "wordpress">,
  order: Order,
  sub: Subscription,
  planId: PlanId,
): Promise<Subscription | undefined> {
  const updated = await changeSubscription(
    ctx,
    order.id,
    [sub.status],
    {
      planId,
      amountTtcCents: planAmountTtcCents(ctx, order, planId),
      pendingPlanId: null,
    },
    ne(subscriptions.planId, planId),
  );
  if (updated) {
    await setOrderPlan(ctx.db, order.id, planId);
    // The mailboxes get the new plan's storage (decision 0105).
    await fitMailboxesToPlan(ctx, order, planId);
    // The new plan's kit: an upgrade adds it, a downgrade turns the extra features off (decision 0058).
    await ctx.queue.send(applyKitJob, { orderId: order.id });
  }
  return updated;
}
