import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";

/** The agency's WordPress (BLOG_WP_URL) stands in as a server that records what it is asked. */
describe("the blog proxy passes on only what the site's pages ask", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let wordpress: http.Server;
  const asked: string[] = [];

  beforeAll(async () => {
    wordpress = http.createServer((request, response) => {
      asked.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json; charset=UTF-8" }).end("[]");
    });
    await new Promise<void>((resolve) => wordpress.listen(0, "127.0.0.1", resolve));
    const { port } = wordpress.address() as AddressInfo;
    t = await createTestApp({ BLOG_WP_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    wordpress?.close();
  });

  it("forwards the list and article reads as sent", async () => {
    for (const query of ["?page=2&per_page=9&_embed", "?slug=mon-article&_embed", "?per_page=9&_fields=id"]) {
      const res = await t.app.inject({ url: `/blog/wp-json/wp/v2/posts${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(asked.at(-1)).toBe(`/wp-json/wp/v2/posts${query}`);
    }
  });

  it.each([
    "?rest_route=/wp/v2/users",
    "?per_page=9&rest_route=%2Fwp%2Fv2%2Fusers",
    "?rest%5Froute=/wp/v2/users",
    "?rest.route=/wp/v2/users",
    "?rest[route=/wp/v2/users",
    "?rest+route=/wp/v2/users",
    "?_method=DELETE",
    "?_jsonp=alert",
    "?status=draft",
    "?slug[]=x",
  ])("refuses %s in French, without asking WordPress", async (query) => {
    const before = asked.length;
    const res = await t.app.inject({ url: `/blog/wp-json/wp/v2/posts${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "Paramètres de lecture du blog invalides." });
    expect(asked.length).toBe(before);
  });
});
