import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.ts";

/** Route patterns the single-page app answers that are not prerendered. */
const APP_ROUTES = [
  /^\/articles\/[^/]+\/?$/,
  /^\/success\/?$/,
  /^\/dashboard\/[^/]+\/?$/,
  /^\/koza-questionnaire\/?$/,
  /^\/admin(\/analytics|\/email-templates)?\/?$/,
  /^\/paiement-test\/[^/]+\/?$/,
];

interface Page {
  html: string;
}

/**
 * Serves the built web app on the API's port: hashed assets with a long cache, each
 * prerendered page as its own HTML, and the SPA fallback for the app's other routes.
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

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // The build writes .br and .gz beside each asset (web/precompress.mjs): sent as they are.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        res.header("Cache-Control", "public, max-age=300");
      }
    },
  });

  const sendPage = (reply: FastifyReply, page: Page, status = 200) =>
    reply.status(status).type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(page.html);

  app.get("/*", async (request, reply) => {
    const pathname = decodeURI(request.url.split("?")[0] ?? "/");
    if (pathname.startsWith("/api/")) return reply.status(404).send({ detail: MESSAGES.notFound });
    const key = pathname.replace(/\/$/, "") || "/";
    const page = pages.get(key);
    if (page) return sendPage(reply, page);
    return sendPage(reply, fallback, APP_ROUTES.some((r) => r.test(pathname)) ? 200 : 404);
  });
}

function listHtml(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "assets" ? [] : listHtml(full);
    return name.endsWith(".html") ? [full] : [];
  });
}
