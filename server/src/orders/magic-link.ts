import type { OrderAccess } from "@lagon/contracts/orders";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { randomToken, type SecretBox, safeEqual } from "../lib/secrets.ts";
import { keepPageToken } from "./orders-table.ts";

// An order has two tokens. The mailbox token travels only by e-mail, in the magic link: holding
// it proves control of the order's mailbox. The page token is shown by the payment success page
// to whoever paid, who may have typed someone else's address: it opens its own order, no more.

/** The order's mailbox token: the one in every e-mailed link. */
export function magicLinkToken(
  ctx: Pick<Context, "secrets">,
  order: Pick<Order, "magicLinkTokenEnc">,
): string {
  return ctx.secrets.open(order.magicLinkTokenEnc);
}

/** The customer's order page opened with a given token: /dashboard/{orderId}?token=… */
export function dashboardUrl(ctx: Pick<Context, "config">, orderId: string, token: string): string {
  return `${ctx.config.PUBLIC_URL}/dashboard/${orderId}?token=${encodeURIComponent(token)}`;
}

/** The magic link of every e-mail: the order page with the mailbox token. */
export function magicLinkUrl(
  ctx: Pick<Context, "secrets" | "config">,
  order: Pick<Order, "id" | "magicLinkTokenEnc">,
): string {
  return dashboardUrl(ctx, order.id, magicLinkToken(ctx, order));
}

/**
 * The order's page token, made and stored the first time it is asked for (only the success page
 * asks, so orders older than page tokens get one if that page is still polling).
 */
export async function pageToken(
  ctx: Pick<Context, "db" | "secrets">,
  order: Pick<Order, "id" | "pageTokenEnc">,
): Promise<string> {
  if (order.pageTokenEnc) return ctx.secrets.open(order.pageTokenEnc);
  // Another poll may have made it first: then that one is kept and answered.
  const sealed = await keepPageToken(ctx.db, order.id, ctx.secrets.seal(randomToken()));
  if (!sealed) throw new Error("order vanished while making its page token");
  return ctx.secrets.open(sealed);
}

/**
 * What a token given by a client proves about this order, or null when it is none of its tokens.
 * Both tokens are compared in constant time, and a missing order or page token is replaced by a
 * stand-in, so the time taken says nothing about which case it was.
 */
export function tokenAccess(
  ctx: Pick<Context, "secrets">,
  order: Pick<Order, "magicLinkTokenEnc" | "pageTokenEnc"> | undefined,
  token: string,
): OrderAccess | null {
  const mailbox = safeEqual(ctx.secrets.open(order?.magicLinkTokenEnc ?? standIn(ctx.secrets)), token);
  const page = safeEqual(ctx.secrets.open(order?.pageTokenEnc ?? standIn(ctx.secrets)), token);
  if (!order) return null;
  return mailbox ? "mailbox" : page ? "order" : null;
}

const standIns = new WeakMap<SecretBox, string>();

/** A sealed token nobody holds, opened in place of a missing one. */
function standIn(secrets: SecretBox): string {
  let sealed = standIns.get(secrets);
  if (!sealed) {
    sealed = secrets.seal(randomToken());
    standIns.set(secrets, sealed);
  }
  return sealed;
}
