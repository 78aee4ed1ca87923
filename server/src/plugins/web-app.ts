import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { type BuiltFile, loadBuiltFiles, pickEncoding } from "./built-files.ts";

/** Route patterns the single-page app answers that are not prerendered. */
const APP_ROUTES = [
  /^\/articles\/[^/]+\/?$/,
  /^\/success\/?$/,
  /^\/dashboard\/[^/]+\/?$/,
  /^\/koza-questionnaire\/?$/,
  /^\/admin(\/analytics|\/email-templates|\/temoignages|\/chat|\/factures)?\/?$/,
  /^\/paiement-test\/[^/]+\/?$/,
  /^\/portail-test\/[^/]+\/?$/,
];

interface Page {
  html: string;
}

/**
 * Serves the built web app on the API's port: its files from memory, compressed as the build
 * wrote them (hashed assets with a long cache), each prerendered page as its own HTML, and the
 * SPA fallback for the app's other routes.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const clientDir = path.join(config.WEB_BUILD_DIR, "client");
  if (!existsSync(path.join(clientDir, "__spa-fallback.html"))) {
    throw new Error(`The web app is not built (${clientDir}): run npm run build`);
  }
  const pages = new Map<string, Page>();
  for (const file of listHtml(clientDir)) {
    const rel = path.relative(clientDir, file).replaceAll(path.sep, "/");
    if (rel === "__spa-fallback.html") continue;
    const route = `/${rel.replace(/(^|\/)index\.html$/, "")}`.replace(/\/$/, "") || "/";
    pages.set(route, { html: readFileSync(file, "utf8") });
  }
  const fallback: Page = { html: readFileSync(path.join(clientDir, "__spa-fallback.html"), "utf8") };

  const files = loadBuiltFiles(clientDir);

  const sendFile = (request: FastifyRequest, reply: FastifyReply, file: BuiltFile) => {
    reply
      .header("Cache-Control", file.cacheControl)
      .header("ETag", file.etag)
      .header("Vary", "Accept-Encoding");
    if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
    const { body, encoding } = pickEncoding(file, request.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.type(file.type).send(body);
  };

  const sendPage = (reply: FastifyReply, page: Page, status = 200) =>
    reply.status(status).type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(page.html);

  const builtAnswer = rawAnswer("a built file or page");
  const spec = { method: "GET", url: "/*", access: "public", rateLimit: "webFiles" } as const;
  // An unknown /api/ path is the JSON 404 of the API; anything else unknown is the page's.
  route(
    app,
    { ...spec, response: { 200: builtAnswer, 304: builtAnswer, 404: builtAnswer } },
    async (request, reply) => {
      const pathname = decodeURI(request.url.split("?")[0] ?? "/");
      if (pathname.startsWith("/api/")) return reply.status(404).send({ detail: MESSAGES.notFound });
      const file = files.get(pathname);
      if (file) return sendFile(request, reply, file);
      const key = pathname.replace(/\/$/, "") || "/";
      const page = pages.get(key);
      if (page) return sendPage(reply, page);
      return sendPage(reply, fallback, APP_ROUTES.some((r) => r.test(pathname)) ? 200 : 404);
    },
  );
}

function listHtml(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "assets" ? [] : listHtml(full);
    return name.endsWith(".html") ? [full] : [];
  });
}
