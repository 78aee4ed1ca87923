import { promises as dns } from "node:dns";
import { isIP } from "node:net";

/** The part of Node's DNS resolver the checks use (a Resolver, or a test double in unit tests). */
export type DnsLookup = Pick<dns.Resolver, "resolve4" | "resolve6" | "resolveCname" | "resolveCaa">;
/** The part the mail records' checks use (mail-dns-check.ts). */
export type MailDnsLookup = Pick<dns.Resolver, "resolveMx" | "resolveTxt">;

/** The resolver DNS_RESOLVER names (`ip` or `ip:port`), or the system's servers. */
export function createDnsResolver(servers: string[] | undefined): dns.Resolver {
  const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
  if (servers?.length) resolver.setServers(servers);
  return resolver;
}

export type DnsVerdict =
  | { ok: true; details: string }
  /** `missing`: nothing set yet (propagation); the others are records that block the domain. */
  | { ok: false; kind: "missing" | "wrong_record" | "caa" | "unreachable"; reason: string };

export interface DomainDnsTarget {
  /** The customer's domain, lowercase, without `www.`. */
  domain: string;
  /** CUSTOM_DOMAIN_TARGET: an IP, or a host name whose addresses the apex must have (ALIAS). */
  target: string;
  /** <subdomain>.<BASE_DOMAIN>: what `www` is a CNAME to. */
  siteHost: string;
  /** The authority's CAA identity (letsencrypt.org). */
  caaIdentity: string;
}

/** The DNS server failed (not an empty answer): its French message says a re-check follows. */
export class DnsUnreachable extends Error {}

/**
 * Whether the domain's records let the authority reach our host for the domain and `www`, and
 * let it sign: CAA first (a record naming other issuers blocks at once), then the apex's A/AAAA
 * records against the target's addresses, then `www` (a CNAME to the site, or the same addresses).
 * Every refusal is a French sentence that names the record and what to set instead.
 */
export async function checkDomainDns(lookup: DnsLookup, t: DomainDnsTarget): Promise<DnsVerdict> {
  try {
    for (const name of [t.domain, `www.${t.domain}`]) {
      const caa = await caaVerdict(lookup, name, t.caaIdentity);
      if (caa) return caa;
    }
    const expected = await targetAddresses(lookup, t.target);
    const apexType = isIP(t.target) === 6 ? "AAAA" : isIP(t.target) === 4 ? "A" : "ALIAS";
    const apex = await addresses(lookup, t.domain);
    if (apex.length === 0) {
      return {
        ok: false,
        kind: "missing",
        reason: `Aucune adresse trouvée pour ${t.domain} : créez l'enregistrement ${apexType} ${t.domain} → ${t.target} chez votre registraire.`,
      };
    }
    const strayApex = apex.filter((a) => !expected.includes(a.address));
    if (strayApex.length > 0) {
      const found = strayApex.map((a) => `${a.type} ${a.address}`).join(", ");
      return {
        ok: false,
        kind: "wrong_record",
        reason: `${t.domain} pointe vers ${found} au lieu de ${t.target} : remplacez cet enregistrement par ${apexType} ${t.domain} → ${t.target} et supprimez les autres enregistrements A et AAAA de ce nom.`,
      };
    }
    const www = `www.${t.domain}`;
    const cnames = await orEmpty(lookup.resolveCname(www));
    const cname = cnames[0]?.replace(/\.$/, "").toLowerCase();
    if (cname !== undefined && cname !== t.siteHost) {
      return {
        ok: false,
        kind: "wrong_record",
        reason: `L'enregistrement CNAME de ${www} pointe vers ${cname} au lieu de ${t.siteHost} : corrigez-le chez votre registraire.`,
      };
    }
    if (cname === undefined) {
      const wwwAddresses = await addresses(lookup, www);
      if (wwwAddresses.length === 0) {
        return {
          ok: false,
          kind: "missing",
          reason: `Aucun enregistrement pour ${www} : créez l'enregistrement CNAME ${www} → ${t.siteHost} chez votre registraire.`,
        };
      }
      const stray = wwwAddresses.filter((a) => !expected.includes(a.address));
      if (stray.length > 0) {
        return {
          ok: false,
          kind: "wrong_record",
          reason: `${www} pointe vers ${stray.map((a) => `${a.type} ${a.address}`).join(", ")} : remplacez ses enregistrements par un CNAME ${www} → ${t.siteHost}.`,
        };
      }
    }
    return {
      ok: true,
      details: `${t.domain} → ${apex.map((a) => a.address).join(", ")} ; ${www} → ${cname ?? "mêmes adresses"} ; CAA : ${t.caaIdentity} autorisé.`,
    };
  } catch (error) {
    if (error instanceof DnsUnreachable) {
      return { ok: false, kind: "unreachable", reason: error.message };
    }
    throw error;
  }
}

/**
 * RFC 8659: the CAA set that applies to a name is the first non-empty one from the name up to
 * its top-level domain. Issuance is allowed when that set has no `issue` property, or one
 * naming our authority.
 */
async function caaVerdict(lookup: DnsLookup, name: string, identity: string): Promise<DnsVerdict | null> {
  const labels = name.split(".");
  for (let i = 0; i < labels.length; i++) {
    const owner = labels.slice(i).join(".");
    const records = await orEmpty(lookup.resolveCaa(owner));
    if (records.length === 0) continue;
    const issuers = records
      .map((r) => r.issue)
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.split(";")[0]?.trim().toLowerCase() ?? "");
    if (issuers.length === 0 || issuers.includes(identity.toLowerCase())) return null;
    const named = issuers.filter(Boolean);
    return {
      ok: false,
      kind: "caa",
      reason: `L'enregistrement CAA de ${owner} ${named.length > 0 ? `n'autorise que ${named.join(", ")}` : "n'autorise aucune autorité"} à créer les certificats de ${name} : ajoutez l'enregistrement CAA ${owner} 0 issue "${identity}" chez votre registraire (ou supprimez ce CAA).`,
    };
  }
  return null;
}

async function targetAddresses(lookup: DnsLookup, target: string): Promise<string[]> {
  if (isIP(target)) return [target];
  const found = (await addresses(lookup, target)).map((a) => a.address);
  if (found.length === 0) {
    throw new DnsUnreachable(
      `L'adresse de notre hébergement (${target}) ne se résout pas pour l'instant : nouvel essai automatique, vous n'avez rien à faire.`,
    );
  }
  return found;
}

async function addresses(
  lookup: DnsLookup,
  name: string,
): Promise<{ type: "A" | "AAAA"; address: string }[]> {
  const [v4, v6] = await Promise.all([orEmpty(lookup.resolve4(name)), orEmpty(lookup.resolve6(name))]);
  return [
    ...v4.map((address) => ({ type: "A" as const, address })),
    ...v6.map((address) => ({ type: "AAAA" as const, address })),
  ];
}

/** No such name or no record of that type is an empty answer; a server that fails is not. */
export async function orEmpty<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENODATA" || code === "ENOTFOUND" || code === "NXDOMAIN") return [];
    throw new DnsUnreachable(
      `Le serveur DNS ne répond pas (${code ?? (error as Error).message}) : nouvel essai automatique.`,
    );
  }
}
