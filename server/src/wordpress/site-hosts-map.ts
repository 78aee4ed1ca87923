import { eq, isNotNull, or } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { customDomains, orders, sites } from "../db/schema.ts";

/**
 * The nginx map of a front that sends each site's names to its WordPress host
 * (docs/operations/production.md, "Adding a WordPress host"): `<name> <address>;` for every name
 * of a site that is not on the default host (its subdomain, its custom domain and www), and
 * `default` the first host taking new sites. Addresses are `connectHost` (else `host`).
 */
export async function siteHostsMap(
  db: Db,
  config: Pick<Config, "BASE_DOMAIN" | "wpSshHosts">,
): Promise<string> {
  const hosts = config.wpSshHosts;
  const first = hosts[0];
  const fallback = hosts.find((h) => h.newSites);
  if (!first || !fallback)
    throw new Error("WP_HOST=ssh : la table des hôtes ne sert qu'aux hôtes WordPress SSH");
  const address = (name: string | null) => {
    const host = name === null ? first : hosts.find((h) => h.name === name);
    return host ? (host.connectHost ?? host.host) : undefined;
  };
  const hosted = await db
    .select({ id: sites.orderId, subdomain: sites.name, host: sites.host })
    .from(sites)
    .where(or(isNotNull(sites.host), isNotNull(sites.wpUsername)))
    .orderBy(sites.name);
  const domains = await db
    .select({ orderId: customDomains.orderId, domain: customDomains.domain })
    .from(customDomains)
    .innerJoin(orders, eq(orders.id, customDomains.orderId));
  const defaultAddress = fallback.connectHost ?? fallback.host;
  const lines = [
    "# Written by the product (npm run site-hosts-map): each site's names and its WordPress host.",
    `default ${defaultAddress};`,
  ];
  for (const site of hosted) {
    const to = address(site.host);
    // A host gone from the configuration: its sites are left to the default (they fail there).
    if (!to || to === defaultAddress) continue;
    const names = [`${site.subdomain}.${config.BASE_DOMAIN}`];
    for (const d of domains.filter((d) => d.orderId === site.id)) names.push(d.domain, `www.${d.domain}`);
    for (const name of names) lines.push(`${name} ${to};`);
  }
  return `${lines.join("\n")}\n`;
}
