import type { DnsRecord } from "@lagon/contracts/custom-domain-schemas";
import { z } from "zod";
import type { Config } from "../config.ts";

/**
 * The records that make a domain reach its site: the apex to CUSTOM_DOMAIN_TARGET (A/AAAA for
 * an IP, ALIAS for a host name) and `www` as a CNAME to the site. Shown to a customer who owns
 * the domain; empty when the agency buys it (it sets them itself).
 */
export function ownDomainDnsRecords(
  config: Pick<Config, "CUSTOM_DOMAIN_TARGET" | "BASE_DOMAIN">,
  subdomain: string,
  domain: { domain: string; hasOwnDomain: boolean } | null,
): DnsRecord[] {
  if (!domain?.hasOwnDomain) return [];
  const target = config.CUSTOM_DOMAIN_TARGET;
  const apexType = z.ipv4().safeParse(target).success
    ? "A"
    : z.ipv6().safeParse(target).success
      ? "AAAA"
      : "ALIAS";
  return [
    { type: apexType, name: domain.domain, value: target },
    { type: "CNAME", name: `www.${domain.domain}`, value: `${subdomain}.${config.BASE_DOMAIN}` },
  ];
}
