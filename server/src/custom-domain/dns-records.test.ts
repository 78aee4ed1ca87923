import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { ownDomainDnsRecords } from "./dns-records.ts";

describe("ownDomainDnsRecords", () => {
  const config = { BASE_DOMAIN: "lagon-sites.re", CUSTOM_DOMAIN_TARGET: "lagon-sites.re" };
  const owned = { domain: "payet.re", hasOwnDomain: true };

  it("points the apex at a host-name target (ALIAS) and www at the site (CNAME)", () => {
    expect(ownDomainDnsRecords(config, "payet-1", owned)).toEqual([
      { type: "ALIAS", name: "payet.re", value: "lagon-sites.re" },
      { type: "CNAME", name: "www.payet.re", value: "payet-1.lagon-sites.re" },
    ]);
  });

  it("uses an A record for an IPv4 target and an AAAA record for an IPv6 one", () => {
    expect(
      ownDomainDnsRecords({ ...config, CUSTOM_DOMAIN_TARGET: "203.0.113.10" }, "p", owned)[0]?.type,
    ).toBe("A");
    expect(ownDomainDnsRecords({ ...config, CUSTOM_DOMAIN_TARGET: "2001:db8::1" }, "p", owned)[0]).toEqual({
      type: "AAAA",
      name: "payet.re",
      value: "2001:db8::1",
    });
  });

  it("gives none when the agency buys the domain, or when there is no domain", () => {
    expect(ownDomainDnsRecords(config, "p", { domain: "payet.re", hasOwnDomain: false })).toEqual([]);
    expect(ownDomainDnsRecords(config, "p", null)).toEqual([]);
  });

  it("stops the boot on a CUSTOM_DOMAIN_TARGET that is neither an IP nor a host name", () => {
    expect(() =>
      loadConfig({ DATA_DIR: "/tmp/lagon-config-test", CUSTOM_DOMAIN_TARGET: "https://x.re/" }),
    ).toThrow(ConfigError);
  });
});
