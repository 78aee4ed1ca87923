import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger, redactUrl } from "./logger.ts";

describe("logs never carry secrets", () => {
  it("redacts token query parameters in URLs", () => {
    expect(redactUrl("/api/order/1?token=abc&x=1")).toBe("/api/order/1?token=[REDACTED]&x=1");
    expect(redactUrl("/admin?x=1&token=abc")).toBe("/admin?x=1&token=[REDACTED]");
    expect(redactUrl("/success?session_id=cs_test_a1")).toBe("/success?session_id=[REDACTED]");
  });

  it("redacts path segments that are capabilities: checkout session ids", () => {
    expect(redactUrl("/api/order-status/cs_local_abc-123")).toBe("/api/order-status/[REDACTED]");
    expect(redactUrl("/api/test-checkout/cs_local_abc/pay")).toBe("/api/test-checkout/[REDACTED]/pay");
    expect(redactUrl("/paiement-test/cs_local_abc?x=1")).toBe("/paiement-test/[REDACTED]?x=1");
    expect(redactUrl("/api/order/3f9c?token=t")).toBe("/api/order/3f9c?token=[REDACTED]");
  });

  it("redacts tokens, passwords and authorization headers from request logs", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger("info", sink);
    const app = Fastify({ loggerInstance: log });
    app.post("/api/x", async (request) => {
      request.log.info({ body: request.body }, "received");
      return { ok: true };
    });
    app.get("/api/order-status/:id", async () => {
      throw new Error("lookup failed for /api/order-status/cs_local_secret-session-456");
    });
    await app.inject({
      method: "POST",
      url: "/api/x?token=secret-token-123",
      headers: { authorization: "Basic c2VjcmV0", cookie: "sid=secret-cookie" },
      payload: { password: "secret-pass", token: "secret-body-token", name: "Zoé" },
    });
    await app.inject({ url: "/api/order-status/cs_local_secret-session-456" });
    await app.inject({ url: "/api/unknown?token=secret-404-token" });
    log.info("message quoting /dashboard/1?token=secret-in-message");
    await app.close();
    const out = lines.join("");
    expect(out).toContain("lookup failed");
    expect(out).toContain("Zoé");
    for (const secret of [
      "secret-token-123",
      "c2VjcmV0",
      "secret-cookie",
      "secret-pass",
      "secret-body-token",
      "secret-session-456",
      "secret-404-token",
      "secret-in-message",
    ]) {
      expect(out).not.toContain(secret);
    }
  });
});
