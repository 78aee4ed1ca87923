/** 3 to 63 letters, digits and hyphens, starting and ending with a letter or digit. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/i;

export const SUBDOMAIN_FORMAT_ERROR = "Format invalide (lettres, chiffres et tirets uniquement)";

/** Names that belong to the agency and can never be sold. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  "www",
  "admin",
  "mail",
  "api",
  "blog",
  "app",
  "ftp",
  "smtp",
  "imap",
  "pop",
  "webmail",
  "dashboard",
  "support",
  "status",
  "static",
  "cdn",
  "ns1",
  "ns2",
  "localhost",
]);

/** Prefixes of the agency's own temporary sites (the restore drill's scratch copies). */
export const RESERVED_SUBDOMAIN_PREFIXES = ["restore-drill-"] as const;

/** Whether a name belongs to the agency: reserved, or under a reserved prefix. */
export function isReservedSubdomain(value: string): boolean {
  const name = value.toLowerCase();
  return RESERVED_SUBDOMAINS.has(name) || RESERVED_SUBDOMAIN_PREFIXES.some((p) => name.startsWith(p));
}

export function isValidSubdomain(value: string): boolean {
  return SUBDOMAIN_PATTERN.test(value);
}

export function siteHost(subdomain: string, baseDomain: string): string {
  return `${subdomain.toLowerCase()}.${baseDomain}`;
}
