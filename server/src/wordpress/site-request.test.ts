import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requestSite } from "./site-request.ts";

/**
 * A server that answers each connection's first request and closes the connection on its second,
 * without answering: what a client meets when nginx closes a kept-alive connection (its reload)
 * just as the client sends on it again.
 */
async function closingServer() {
  const served = new WeakMap<Socket, number>();
  const connections: number[] = [];
  const server = http.createServer((request, response) => {
    const count = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, count);
    if (count > 1) {
      request.socket.destroy();
      return;
    }
    response.end(`réponse ${connections.length}`);
  });
  server.on("connection", () => connections.push(connections.length + 1));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://site.localhost:${(server.address() as AddressInfo).port}/`);
  return { server, url, connections };
}

describe("requestSite", () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it("sends a GET again on a new connection when the kept one is closed as it is reused", async () => {
    const closing = await closingServer();
    server = closing.server;
    const connect = { host: "127.0.0.1" };
    expect(await (await requestSite(closing.url, {}, connect)).text()).toBe("réponse 1");
    // The kept connection is taken again, closed by the server, and the request goes on a new one.
    expect(await (await requestSite(closing.url, {}, connect)).text()).toBe("réponse 2");
    expect(closing.connections).toHaveLength(2);
  });

  it("never sends a POST twice: the closed connection is the caller's error", async () => {
    const closing = await closingServer();
    server = closing.server;
    const connect = { host: "127.0.0.1" };
    await requestSite(closing.url, {}, connect);
    await expect(requestSite(closing.url, { method: "POST", body: "une fois" }, connect)).rejects.toThrow(
      /socket hang up|ECONNRESET/,
    );
    expect(closing.connections).toHaveLength(1);
  });
});
