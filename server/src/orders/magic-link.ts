import type { Context } from "../context.ts";
import type { orders } from "../db/schema.ts";
import { safeEqual } from "../lib/secrets.ts";

type Order = Pick<typeof orders.$inferSelect, "id" | "magicLinkTokenEnc">;

/** The order's private magic-link token (kept encrypted at rest). */
export function magicLinkToken(ctx: Pick<Context, "secrets">, order: Order): string {
  return ctx.secrets.open(order.magicLinkTokenEnc);
}

/** The customer's private order page: /dashboard/{orderId}?token=… */
export function magicLinkUrl(ctx: Pick<Context, "secrets" | "config">, order: Order): string {
  return `${ctx.config.PUBLIC_URL}/dashboard/${order.id}?token=${encodeURIComponent(magicLinkToken(ctx, order))}`;
}

/** Checks a token given by a client against the order's, in constant time. */
export function isOrderToken(
  ctx: Pick<Context, "secrets">,
  order: Order,
  token: string | undefined,
): boolean {
  if (!token) return false;
  return safeEqual(magicLinkToken(ctx, order), token);
}
