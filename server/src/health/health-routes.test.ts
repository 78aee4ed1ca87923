import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";
import { sendEmailJob } from "../mail/send-email-job.ts";

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

  it("answers 503 with the reason while due jobs wait with no worker to run them", async () => {
    await t.ctx.queue.send(sendEmailJob, { emailId: crypto.randomUUID() });
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    await t.ctx.database.sql.executeSql(
      "update pgboss.job set start_after = now() - interval '10 minutes' where name = 'send-email'",
      [],
    );
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json().reason).toBe(
      "1 tâche(s) en attente depuis plus de 2 minutes : aucun worker ne les traite",
    );
    await t.ctx.database.sql.executeSql("delete from pgboss.job where name = 'send-email'", []);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
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
