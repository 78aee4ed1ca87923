import type { CustomDomainView } from "@lagon/contracts/custom-domain-schemas";
import { eq, inArray } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type CustomDomain, customDomains } from "../db/schema.ts";

export function customDomainView(ctx: Pick<Context, "wordpress">, domain: CustomDomain): CustomDomainView {
  return {
    domain: domain.domain,
    state: domain.state,
    failure: domain.failure,
    reason: domain.reason,
    // https://<domain> on every SSH host; the embedded host is the only one.
    url: domain.state === "active" ? ctx.wordpress.main.domainUrl(domain.domain) : null,
    next_check_at: domain.nextCheckAt?.toISOString() ?? null,
  };
}

/** The order's custom domain, if it has one. */
export async function orderDomain(ctx: Pick<Context, "db">, orderId: string): Promise<CustomDomain | null> {
  const [domain] = await ctx.db.select().from(customDomains).where(eq(customDomains.orderId, orderId));
  return domain ?? null;
}

/** The custom domains of these orders, by order id. */
export async function ordersDomains(
  ctx: Pick<Context, "db">,
  orderIds: string[],
): Promise<Map<string, CustomDomain>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db.select().from(customDomains).where(inArray(customDomains.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}
