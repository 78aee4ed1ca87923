import { type PlanId, planIds } from "@lagon/contracts/plans";
import type { Context } from "../context.ts";
import { planOfPrice } from "../subscriptions/stripe-billing.ts";

/**
 * The plan a request names (contracts' `planChoice`): our own id (`business`) or the price id the
 * checkout sends (`STRIPE_PRICE_BUSINESS`); undefined for anything else.
 */
export function planOfChoice(ctx: Pick<Context, "config">, choice: string): PlanId | undefined {
  return (planIds as readonly string[]).includes(choice) ? (choice as PlanId) : planOfPrice(ctx, choice);
}
