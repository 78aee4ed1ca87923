import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger, redactUrl } from "./logger.ts";

describe("logs never carry secrets", () => {
  it("redacts token query parameters in URLs", () => {
    expect(redactUrl("/api/order/1?token=abc&x=1")).toBe("/api/order/1?token=[REDACTED]&x=1");
    expect(redactUrl("/admin?x=1&token=abc")).toBe("/admin?x=1&token=[REDACTED]");
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
    await app.inject({
      method: "POST",
      url: "/api/x?token=secret-token-123",
      headers: { authorization: "Basic c2VjcmV0", cookie: "sid=secret-cookie" },
      payload: { password: "secret-pass", token: "secret-body-token", name: "Zoé" },
    });
    await app.close();
    const out = lines.join("");
    expect(out).toContain("Zoé");
    for (const secret of [
      "secret-token-123",
      "c2VjcmV0",
      "secret-cookie",
      "secret-pass",
      "secret-body-token",
    ]) {
      expect(out).not.toContain(secret);
    }
  });
});
