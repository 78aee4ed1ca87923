import { randomUUID } from "node:crypto";
import type { Context } from "../context.ts";
import type { orders } from "../db/schema.ts";
import { randomToken } from "../lib/secrets.ts";
import { provisionOrderJob } from "../provisioning/provision-order-job.ts";
import { insertSite } from "../sites/sites-table.ts";
import { startSubscription } from "../subscriptions/start-subscription.ts";
import { addOrderLog } from "./order-log.ts";
import { findOrderOfCheckout, insertOrderOnce, paidNow } from "./orders-table.ts";

/** A paid order to make: the purchase, and its site's name (`sites.name`, decision 0109). */
export type NewPaidOrder = Omit<
  typeof orders.$inferInsert,
  "id" | "payment" | "magicLinkTokenEnc" | "createdAt"
> & { subdomain: string };

/**
 * Creates the order of a completed payment, once: a second call with the same checkout
 * session (webhook retries, the success page's poll) returns the existing order. Then starts
 * provisioning; a second call starts it again while the order is still pending, so a payment
 * whose first delivery died between the order and its job is not left waiting (provisioning
 * runs once however many jobs ask for it). The order's site row, with its unique name, is made in
 * the same transaction: a name already taken fails the whole insert (PostgreSQL's unique_violation).
 */
export async function createPaidOrder(
  ctx: Pick<Context, "db" | "queue" | "secrets" | "payments" | "config">,
  input: NewPaidOrder,
  billing: { testCard?: string | null } = {},
): Promise<{ orderId: string; created: boolean }> {
  const id = randomUUID();
  const { subdomain, ...purchase } = input;
  const inserted = await ctx.db.transaction(async (tx) => {
    const made = await insertOrderOnce(tx, {
      ...purchase,
      id,
      payment: paidNow(),
      magicLinkTokenEnc: ctx.secrets.seal(randomToken()),
    });
    // Koza bought with the site: its content is due once the site is live.
    if (made) {
      await insertSite(tx, {
        orderId: id,
        name: subdomain,
        ...(input.kozaOption ? { kozaStatus: "pending" as const } : {}),
      });
    }
    return made;
  });
  if (!inserted) {
    const existing = await findOrderOfCheckout(ctx.db, input.checkoutSessionId);
    if (!existing) throw new Error("order vanished after a conflicting insert");
    // A delivery that died before the subscription was made: make it now (once).
    await startSubscription(
      ctx,
      { id: existing.id, ...input, discountPercent: input.discountPercent ?? 0 },
      billing.testCard,
    );
    if (existing.status === "pending") await startProvisioning(ctx, existing.id);
    return { orderId: existing.id, created: false };
  }
  await startSubscription(
    ctx,
    { id, ...input, discountPercent: input.discountPercent ?? 0 },
    billing.testCard,
  );
  await addOrderLog(ctx.db, id, {
    level: "info",
    action: "payment",
    details: `Paiement reçu (formule ${input.planId}${input.kozaOption ? " + Koza" : ""}).`,
  });
  await startProvisioning(ctx, id);
  return { orderId: id, created: true };
}

/**
 * One job per order for all the deliveries of a payment that arrive within a few minutes (the
 * retries of a delivery that died come later, and do get theirs).
 */
function startProvisioning(ctx: Pick<Context, "queue">, orderId: string) {
  return ctx.queue.send(
    provisionOrderJob,
    { orderId },
    { singletonKey: `provision-${orderId}`, singletonSeconds: 300 },
  );
}
