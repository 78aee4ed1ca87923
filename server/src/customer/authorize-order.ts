import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";
import { forbidden, unauthorized } from "../lib/app-error.ts";
import { isOrderToken } from "../orders/magic-link.ts";

export const TOKEN_MISSING = "Lien d'accès incomplet : le jeton est manquant.";
export const TOKEN_INVALID = "Lien d'accès invalide. Demandez un nouveau lien depuis l'espace client.";

/**
 * Returns the order only to the holder of its magic-link token. An unknown order and a wrong
 * token get the same answer, so a caller learns nothing about which orders exist.
 */
export async function authorizeOrder(ctx: Context, orderId: string, token: string | undefined) {
  if (!token) throw unauthorized(TOKEN_MISSING);
  const id = z.uuid().safeParse(orderId);
  const [order] = id.success ? await ctx.db.select().from(orders).where(eq(orders.id, id.data)) : [];
  // Compare even when the order is missing, so both cases take the same time.
  const ok = isOrderToken(ctx, order ?? { id: "", magicLinkTokenEnc: DUMMY(ctx) }, token);
  if (!order || !ok) throw forbidden(TOKEN_INVALID);
  return order;
}

let dummy: string | undefined;
const DUMMY = (ctx: Context) => {
  dummy ??= ctx.secrets.seal("x".repeat(43));
  return dummy;
};
