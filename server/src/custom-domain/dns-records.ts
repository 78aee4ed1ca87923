import type { DnsRecord } from "@lagon/contracts/custom-domain-schemas";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { domainRequests, type orders } from "../db/schema.ts";

type Order = Pick<typeof orders.$inferSelect, "id" | "subdomain" | "customDomain">;

/**
 * The records the customer sets at their registrar when they asked to connect a domain they
 * already own: the apex to CUSTOM_DOMAIN_TARGET (A/AAAA for an IP, ALIAS for a host name) and
 * `www` as a CNAME to their site. Empty when there is no such request (the agency buys and
 * configures the domain itself otherwise).
 */
export async function ownDomainDnsRecords(
  ctx: Pick<Context, "db" | "config">,
  order: Order,
): Promise<DnsRecord[]> {
  if (!order.customDomain) return [];
  const [latest] = await ctx.db
    .select({ hasOwnDomain: domainRequests.hasOwnDomain })
    .from(domainRequests)
    .where(eq(domainRequests.orderId, order.id))
    .orderBy(desc(domainRequests.id))
    .limit(1);
  if (!latest?.hasOwnDomain) return [];
  const target = ctx.config.CUSTOM_DOMAIN_TARGET;
  const apexType = z.ipv4().safeParse(target).success
    ? "A"
    : z.ipv6().safeParse(target).success
      ? "AAAA"
      : "ALIAS";
  return [
    { type: apexType, name: order.customDomain, value: target },
    {
      type: "CNAME",
      name: `www.${order.customDomain}`,
      value: `${order.subdomain}.${ctx.config.BASE_DOMAIN}`,
    },
  ];
}
