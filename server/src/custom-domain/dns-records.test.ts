import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestContext } from "../../test/test-context.ts";
import { ConfigError, loadConfig } from "../config.ts";
import type { Context } from "../context.ts";
import { domainRequests } from "../db/schema.ts";
import { ownDomainDnsRecords } from "./dns-records.ts";

describe("ownDomainDnsRecords", () => {
  let ctx: Context;
  beforeAll(async () => {
    ctx = await createTestContext({ BASE_DOMAIN: "lagon-sites.re" });
  });
  afterAll(() => ctx?.close());

  let n = 0;
  async function orderWithRequest(hasOwnDomain: boolean) {
    const subdomain = `payet-${++n}`;
    const id = await givenPaidOrder(ctx, { subdomain });
    await ctx.db.insert(domainRequests).values({ orderId: id, hasOwnDomain, domainName: "payet.re" });
    return { id, subdomain, customDomain: "payet.re" };
  }

  it("points the apex at the base domain by default (ALIAS) and www at the site (CNAME)", async () => {
    expect(ctx.config.CUSTOM_DOMAIN_TARGET).toBe("lagon-sites.re");
    expect(await ownDomainDnsRecords(ctx, await orderWithRequest(true))).toEqual([
      { type: "ALIAS", name: "payet.re", value: "lagon-sites.re" },
      { type: "CNAME", name: "www.payet.re", value: "payet-1.lagon-sites.re" },
    ]);
  });

  it("uses an AAAA record for an IPv6 target", async () => {
    const order = await orderWithRequest(true);
    const v6 = { ...ctx, config: { ...ctx.config, CUSTOM_DOMAIN_TARGET: "2001:db8::1" } };
    expect((await ownDomainDnsRecords(v6, order))[0]).toEqual({
      type: "AAAA",
      name: "payet.re",
      value: "2001:db8::1",
    });
  });

  it("gives none when the agency buys the domain, or when there is no request", async () => {
    expect(await ownDomainDnsRecords(ctx, await orderWithRequest(false))).toEqual([]);
    expect(await ownDomainDnsRecords(ctx, { id: "x", subdomain: "y", customDomain: null })).toEqual([]);
  });

  it("stops the boot on a CUSTOM_DOMAIN_TARGET that is neither an IP nor a host name", () => {
    expect(() =>
      loadConfig({ DATA_DIR: ctx.config.DATA_DIR, CUSTOM_DOMAIN_TARGET: "https://x.re/" }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATA_DIR: ctx.config.DATA_DIR, CUSTOM_DOMAIN_TARGET: "https://x.re/" }),
    ).toThrow("CUSTOM_DOMAIN_TARGET");
  });
});
