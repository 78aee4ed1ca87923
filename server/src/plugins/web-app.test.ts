import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";

const SCRIPT = `export const greeting = "${"bonjour ".repeat(300)}";\n`;

/** A small web build: three pages, the SPA fallback, a precompressed script and a favicon. */
function webBuild(): string {
  const client = path.join(mkdtempSync(path.join(os.tmpdir(), "lagon-web-")), "client");
  mkdirSync(path.join(client, "assets"), { recursive: true });
  mkdirSync(path.join(client, "contact"));
  mkdirSync(path.join(client, "articles"));
  const page = (text: string) => `<!DOCTYPE html><html lang="fr"><body><p>${text}</p></body></html>`;
  writeFileSync(path.join(client, "index.html"), page("Accueil"));
  writeFileSync(path.join(client, "contact", "index.html"), page("Contact"));
  writeFileSync(path.join(client, "articles", "index.html"), page("Blog"));
  writeFileSync(path.join(client, "__spa-fallback.html"), page("Chargement…"));
  writeFileSync(path.join(client, "assets", "app-abc123.js"), SCRIPT);
  writeFileSync(path.join(client, "assets", "app-abc123.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(client, "assets", "app-abc123.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(client, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return path.dirname(client);
}

describe("the web app's files and pages", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ SERVE_WEB: "true", WEB_BUILD_DIR: webBuild() });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("sends a hashed asset as the build compressed it, brotli first, for a year", async () => {
    const br = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get("/assets/app-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("answers 304 to a browser that has the file already", async () => {
    const first = await get("/favicon.svg");
    expect(first.headers["cache-control"]).toBe("public, max-age=300");
    expect(first.headers["content-type"]).toBe("image/svg+xml");
    const again = await get("/favicon.svg", { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers HEAD like GET, without the body", async () => {
    const res = await t.app.inject({ method: "HEAD", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.body).toBe("");
  });

  it("serves each prerendered page, and the fallback with 404 for an unknown path or file", async () => {
    expect((await get("/")).body).toContain("Accueil");
    const contact = await get("/contact/");
    expect(contact.statusCode).toBe(200);
    expect(contact.headers["cache-control"]).toBe("no-cache");
    expect(contact.body).toContain("Contact");
    for (const url of ["/nulle-part", "/assets/missing-000.js", "/assets/app-abc123.js.br"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain("Chargement…");
    }
  });

  it("answers the app's private pages with the fallback, 200, kept out of search engines", async () => {
    const adminPages = [
      "/admin",
      "/admin/analytics",
      "/admin/email-templates",
      "/admin/chat",
      "/admin/factures",
    ];
    for (const url of [
      "/dashboard/abc",
      "/paiement-test/cs_local_x",
      "/portail-test/ps_local_x",
      ...adminPages,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("Chargement…");
      expect(res.headers["x-robots-tag"], url).toContain("noindex");
    }
  });

  it("answers 400, not a server error, to a path that is not valid percent-encoding", async () => {
    const res = await get("/%E0%A4%A");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "Requête invalide." });
  });
});
