import { PLANS, type PlanId } from "@lagon/contracts/plans";
import { formatEuros } from "@lagon/contracts/pricing";
import type { Context } from "../context.ts";

/** The configured price ids do not bill what `contracts/src/plans.ts` says: the start stops. */
export class PriceMismatchError extends Error {}

const PRICE_SETTING: Record<PlanId, "STRIPE_PRICE_STARTER" | "STRIPE_PRICE_BUSINESS" | "STRIPE_PRICE_LIBRE"> =
  {
    starter: "STRIPE_PRICE_STARTER",
    business: "STRIPE_PRICE_BUSINESS",
    libre: "STRIPE_PRICE_LIBRE",
  };

/**
 * In Stripe mode, reads each plan's configured price from Stripe and refuses to start when one
 * does not bill the plan's amount HT, in euros, monthly, tax excluded, or is archived: the
 * checkout summary, the invoice and the card charge would otherwise disagree.
 */
export async function checkProviderPrices(ctx: Pick<Context, "config" | "payments">): Promise<void> {
  const retrieve = ctx.payments.retrievePrice?.bind(ctx.payments);
  if (!retrieve) return; // the local test checkout charges from the plans themselves
  const problems: string[] = [];
  for (const plan of PLANS) {
    const setting = PRICE_SETTING[plan.id];
    const id = ctx.config[setting];
    const price = await retrieve(id);
    const wrong: string[] = [];
    if (price.unitAmountCents !== plan.priceCents) {
      wrong.push(
        `${price.unitAmountCents === null ? "montant variable" : formatEuros(price.unitAmountCents)} au lieu de ${formatEuros(plan.priceCents)} HT`,
      );
    }
    if (price.currency !== "eur") wrong.push(`devise ${price.currency.toUpperCase()} au lieu de EUR`);
    if (price.interval !== "month") wrong.push("pas un prix mensuel récurrent");
    if (price.taxBehavior === "inclusive") wrong.push("TVA incluse au lieu de hors taxes");
    if (!price.active) wrong.push("prix archivé");
    if (wrong.length > 0) problems.push(`${setting} (${id}, formule ${plan.name}) : ${wrong.join(", ")}`);
  }
  if (problems.length > 0) {
    throw new PriceMismatchError(
      `Les prix Stripe ne correspondent pas aux formules : ${problems.join(" ; ")}. Corrigez le prix dans Stripe ou la variable.`,
    );
  }
}
