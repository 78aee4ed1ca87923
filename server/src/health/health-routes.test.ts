import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";

describe("GET /api/health", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("reports the database and the job queue", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    expect(body.database.ok).toBe(true);
    expect(body.jobs.ok).toBe(true);
  });

  it("answers an unknown API route with a French 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Ressource introuvable." });
  });

  it("sends the security headers and keeps private pages out of search engines", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).not.toContain("stripe");
    expect(res.headers["x-robots-tag"]).toContain("noindex");
  });
});
