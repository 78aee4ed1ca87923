import { z } from "zod";

/**
 * A plan as a request names it: the product's own id (`business`) or the checkout's price id
 * (`price_local_business`, or the Stripe price id). The server maps either to one of its plans
 * (server/src/payments/plan-choice.ts) and refuses any other with `missing`.
 */
export const planChoice = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(200);
