import { z } from "zod";

/** Names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const Address = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * TRUST_PROXY: which proxy may tell us the client's address (X-Forwarded-For). Unset or `false`:
 * none, the address is the socket's. A number: that many proxies in front of the server. Else a
 * comma-separated list of the proxies' addresses or ranges (`10.0.0.0/8`, `loopback`…). `true`
 * (trust any sender) is refused: anyone could then pick their own address.
 */
export const TrustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? "").trim();
    if (text === "" || text === "false" || text === "0") return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(",").map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !RANGE_NAMES.has(entry) && !Address.safeParse(entry).success);
    if (invalid.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `« ${invalid.join(", ")} » : false, un nombre de proxys, ou des adresses et plages (CIDR) séparées par des virgules`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The setting as Fastify's `trustProxy` takes it: a hop count trusts that many proxies in front. */
export function trustProxyOption(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === "number" ? (_address, hop) => hop < setting : setting;
}
