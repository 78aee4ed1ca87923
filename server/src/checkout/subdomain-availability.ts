import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import type { SubdomainAvailability } from "@lagon/contracts/checkout-schemas";
import { isReservedSubdomain, isValidSubdomain, SUBDOMAIN_FORMAT_ERROR } from "@lagon/contracts/subdomain";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { checkoutSessions } from "../db/schema.ts";
import { siteNameTaken } from "../orders/orders-table.ts";

/**
 * Whether a subdomain can be bought now: valid, not reserved, not a customer's, and not held by
 * another visitor's open checkout (`exceptSession` is the caller's own, if any).
 */
export async function subdomainAvailability(
  db: Db,
  name: string,
  exceptSession?: string,
): Promise<SubdomainAvailability> {
  const subdomain = name.trim().toLowerCase();
  if (!isValidSubdomain(subdomain)) return { available: false, detail: SUBDOMAIN_FORMAT_ERROR };
  if (isReservedSubdomain(subdomain))
    return { available: false, detail: CHECKOUT_MESSAGES.subdomainReserved };
  if (await siteNameTaken(db, subdomain))
    return { available: false, detail: CHECKOUT_MESSAGES.subdomainTaken };
  const [held] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.subdomain, subdomain),
        eq(checkoutSessions.status, "open"),
        gt(checkoutSessions.expiresAt, sql`now()`),
        ...(exceptSession ? [ne(checkoutSessions.id, exceptSession)] : []),
      ),
    );
  if (held) return { available: false, detail: CHECKOUT_MESSAGES.subdomainHeld };
  return { available: true };
}
