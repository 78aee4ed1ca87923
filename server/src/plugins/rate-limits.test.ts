import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";
import { buildApp } from "../app.ts";
import { createLogger } from "../logger.ts";

/** A web build with the SPA fallback and one file. */
function webBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-web-"));
  mkdirSync(path.join(dir, "client", "articles"), { recursive: true });
  const page = "<!DOCTYPE html><html><head></head><body></body></html>";
  writeFileSync(path.join(dir, "client", "__spa-fallback.html"), page);
  writeFileSync(path.join(dir, "client", "articles", "index.html"), page);
  writeFileSync(path.join(dir, "client", "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe("rate limits", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = await createTestApp({ SERVE_WEB: "true", WEB_BUILD_DIR: webBuild() });
    // The same product, logging at info level into `lines`.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({ ...t.ctx, log: createLogger("info", sink) });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it("gives every route a default budget per address, unknown paths included", async () => {
    const health = await t.app.inject({ url: "/api/health", remoteAddress: "192.0.2.1" });
    expect(health.headers["x-ratelimit-limit"]).toBe("300");
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/nulle-part", remoteAddress: "192.0.2.2" });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(300);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/nulle-part",
      remoteAddress: "192.0.2.2",
    });
    expect(refused.statusCode).toBe(429);
    // The page tells the visitor when to try again from this header (checkout-section.tsx).
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      detail: "Trop de tentatives. Veuillez patienter avant de réessayer.",
    });
    // Another address is not affected.
    const other = await t.app.inject({ method: "POST", url: "/api/nulle-part", remoteAddress: "192.0.2.3" });
    expect(other.statusCode).toBe(404);
  });

  it("keeps tighter limits where routes declare them", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {},
      remoteAddress: "192.0.2.4",
    });
    expect(res.headers["x-ratelimit-limit"]).toBe("10");
  });

  it("gives the pages and files a budget of their own, which browsing does not take from the API", async () => {
    const address = "192.0.2.5";
    const page = await t.app.inject({ url: "/favicon.svg", remoteAddress: address });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-ratelimit-limit"]).toBe("1200");
    for (let i = 0; i < 400; i++) await t.app.inject({ url: "/favicon.svg", remoteAddress: address });
    const api = await t.app.inject({ url: "/api/health", remoteAddress: address });
    expect(api.headers["x-ratelimit-remaining"]).toBe("299");
  });

  it("logs a refused flood in one line per address, not one per request", async () => {
    const flood = async (address: string) => {
      for (let i = 0; i < 60; i++) {
        await app.inject({ method: "POST", url: "/api/contact", payload: {}, remoteAddress: address });
      }
    };
    await flood("198.51.100.1");
    await flood("198.51.100.2");
    const about = (address: string) => lines.filter((l) => JSON.stringify(l).includes(address));
    const refusals = (address: string) => about(address).filter((l) => /rate limit/.test(String(l.msg)));
    expect(refusals("198.51.100.1")).toHaveLength(1);
    expect(refusals("198.51.100.2")).toHaveLength(1);
    // The 10 allowed requests are logged as usual, each once; the 50 refused ones are not.
    expect(about("198.51.100.1")).toHaveLength(11);
    expect(lines.filter((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 429)).toEqual(
      [],
    );
  });

  it("never limits an address of RATE_LIMIT_ALLOW_LIST, and still limits the others", async () => {
    const allowed = await createTestApp({ RATE_LIMIT_ALLOW_LIST: "192.0.2.50, 2001:db8::1" });
    try {
      const post = (remoteAddress: string) =>
        allowed.app.inject({ method: "POST", url: "/api/nulle-part", remoteAddress });
      for (let i = 0; i < 301; i++) expect((await post("192.0.2.50")).statusCode).toBe(404);
      for (let i = 0; i < 300; i++) await post("192.0.2.51");
      expect((await post("192.0.2.51")).statusCode).toBe(429);
    } finally {
      await allowed.close();
    }
  });
});
