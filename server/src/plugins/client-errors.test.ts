import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";

/** One raw HTTP exchange, so that nothing between the test and Node's parser tidies it up. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("requests Node's HTTP parser refuses", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it("answers a query string over 16 KB with a French 431", async () => {
    const res = await new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/api/directory?q=${"a".repeat(17 * 1024)}`, (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve(Object.assign(response, { body })));
        })
        .on("error", reject);
    });
    expect(res.statusCode).toBe(431);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(res.body)).toEqual({
      detail: "L'adresse demandée ou les en-têtes de la requête sont trop longs.",
    });
  });

  it("answers a malformed request with a French 400", async () => {
    const answer = await exchange(port, "NIMPORTE QUOI\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.slice(answer.indexOf("\r\n\r\n") + 4)).toBe('{"detail":"Requête invalide."}');
  });

  it("still serves a long query string under the limit", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/directory?ignored=${"a".repeat(8 * 1024)}`);
    expect(res.status).toBe(200);
  });
});
