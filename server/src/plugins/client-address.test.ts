import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";
import { buildApp } from "../app.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { adminAudit } from "../db/schema.ts";

describe("client addresses", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const others: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t?.close();
  });
  const readTrustProxy = (value?: string) =>
    loadConfig({ DATA_DIR: t.ctx.config.DATA_DIR, ...(value === undefined ? {} : { TRUST_PROXY: value }) })
      .TRUST_PROXY;
  /** The same product behind another app, with this TRUST_PROXY. */
  const withTrustProxy = async (value: string) => {
    const app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, TRUST_PROXY: readTrustProxy(value) } });
    others.push(app);
    return app;
  };
  const lastRefusedAddress = async () => {
    const rows = await t.ctx.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "wrong-token"))
      .orderBy(adminAudit.id);
    return rows.at(-1)?.ip;
  };
  /** The address the admin audit records for a wrong token that came through a local proxy. */
  const recordedAddress = async (app: FastifyInstance, forwardedFor: string) => {
    await app.inject({
      url: "/api/admin/analytics?token=wrong",
      headers: { "x-forwarded-for": forwardedFor },
      remoteAddress: "127.0.0.1",
    });
    return lastRefusedAddress();
  };

  describe("with TRUST_PROXY unset: the socket's address, whatever X-Forwarded-For says", () => {
    it("keeps rate limits: a rotating X-Forwarded-For is still one client", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/contact",
          payload: {},
          headers: { "x-forwarded-for": `198.51.100.${i}` },
          remoteAddress: "192.0.2.10",
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
    });

    it("keeps the admin throttle, and the audit log records the real address", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i++) {
        const res = await t.app.inject({
          url: "/api/admin/analytics?token=wrong",
          headers: { "x-forwarded-for": `203.0.113.${i}` },
          remoteAddress: "192.0.2.20",
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(403), 429]);
      const rows = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.action, "wrong-token"));
      expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(["192.0.2.20"]));
    });
  });

  describe("with TRUST_PROXY set", () => {
    it("takes the client's address from a trusted proxy's header, and only from it", async () => {
      const app = await withTrustProxy("127.0.0.1, 10.0.0.0/8");
      expect(await recordedAddress(app, "198.51.100.77")).toBe("198.51.100.77");
      // A client cannot prepend its own pick: the proxy appends the address it saw.
      expect(await recordedAddress(app, "6.6.6.6, 198.51.100.78")).toBe("198.51.100.78");
      const direct = await app.inject({
        url: "/api/admin/analytics?token=wrong",
        headers: { "x-forwarded-for": "198.51.100.79" },
        remoteAddress: "192.0.2.30",
      });
      expect(direct.statusCode).toBe(403);
      expect(await lastRefusedAddress()).toBe("192.0.2.30");
    });

    it("counts that many proxies in front with a hop count", async () => {
      const app = await withTrustProxy("1");
      expect(await recordedAddress(app, "6.6.6.6, 198.51.100.80")).toBe("198.51.100.80");
    });
  });

  it("reads TRUST_PROXY as false, a hop count or a list of addresses and ranges; refuses the rest", () => {
    expect(readTrustProxy()).toBe(false);
    expect(readTrustProxy("")).toBe(false);
    expect(readTrustProxy("false")).toBe(false);
    expect(readTrustProxy("2")).toBe(2);
    expect(readTrustProxy("10.0.0.1, 10.1.0.0/16,::1,fd00::/8, loopback")).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["true", "10.0.0.300", "proxy.example.com", "10.0.0.1,"]) {
      expect(() => readTrustProxy(bad), bad).toThrow(ConfigError);
      expect(() => readTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
