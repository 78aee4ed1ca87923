import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { AppError, badRequest, forbidden, notFound } from "../lib/app-error.ts";
import { TtlCache } from "../lib/ttl-cache.ts";
import { blogSource } from "./blog-source.ts";
import { rewriteMediaUrls } from "./media-urls.ts";

/** The only parts of the blog's REST API the site reads. */
const API_PATH = /^wp\/v2\/(?:posts|media|categories)(?:\/\d+)?$/;
/** Images under wp-content/uploads: word-character segments, so no ".." and no PHP. */
const UPLOAD_PATH = /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:jpe?g|png|webp|gif|avif)$/i;
const FORWARDED_HEADERS = ["x-wp-total", "x-wp-totalpages"];
/** What browsers may keep too (Cache-Control below): a new article shows within a minute. */
const API_TTL_MS = 60_000;
const API_MAX_ENTRIES = 500;

interface ApiAnswer {
  headers: [string, string][];
  body: unknown;
}

const blogUnavailable = () =>
  new AppError(502, "Le blog est momentanément indisponible. Veuillez réessayer plus tard.");

/**
 * The agency blog, read-only, on our own origin: GET /blog/wp-json/wp/v2/{posts,media,categories}
 * (query string passed through, media addresses rewritten to our origin) and the images under
 * GET /blog/wp-content/uploads/. Anything else under /blog is refused. The API's answers are kept
 * a minute in memory: WordPress takes hundreds of milliseconds to build a page of the list.
 */
export async function blogProxyRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const source = blogSource(ctx);
  const apiAnswers = new TtlCache(API_TTL_MS, API_MAX_ENTRIES);

  const fromBlog = async (path: string): Promise<Response> => {
    try {
      return await source.get(path);
    } catch (err) {
      app.log.warn({ err, path: path.split("?")[0] }, "blog unreachable");
      throw blogUnavailable();
    }
  };

  const readApi = async (blogPath: string): Promise<ApiAnswer> => {
    const res = await fromBlog(blogPath);
    const isJson = res.headers.get("content-type")?.includes("json") ?? false;
    if (res.status === 400) throw badRequest("Paramètres de lecture du blog invalides.");
    if (res.status === 401 || res.status === 403) throw forbidden("Ce contenu du blog n'est pas public.");
    if (res.status === 404 && isJson) throw notFound(MESSAGES.notFound);
    if (!res.ok || !isJson) {
      app.log.warn({ status: res.status, path: blogPath.split("?")[0] }, "blog answered with an error");
      throw blogUnavailable();
    }
    const body = await res.json().catch(() => {
      throw blogUnavailable();
    });
    const headers = FORWARDED_HEADERS.flatMap((name): [string, string][] => {
      const value = res.headers.get(name);
      return value === null ? [] : [[name, value]];
    });
    return { headers, body: rewriteMediaUrls(body, source.baseUrl) };
  };

  app.get(
    "/blog/wp-json/*",
    { config: { rateLimit: { max: 300, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const path = (request.params as { "*": string })["*"];
      if (!API_PATH.test(path)) throw notFound(MESSAGES.notFound);
      const queryAt = request.url.indexOf("?");
      const blogPath = `/wp-json/${path}${queryAt < 0 ? "" : request.url.slice(queryAt)}`;
      const answer = await apiAnswers.get(blogPath, () => readApi(blogPath));
      for (const [name, value] of answer.headers) reply.header(name, value);
      return reply
        .header("Cache-Control", "public, max-age=60")
        .type("application/json; charset=utf-8")
        .send(answer.body);
    },
  );

  app.get(
    "/blog/wp-content/uploads/*",
    { config: { rateLimit: { max: 600, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const path = (request.params as { "*": string })["*"];
      if (!UPLOAD_PATH.test(path)) throw notFound(MESSAGES.notFound);
      const res = await fromBlog(`/wp-content/uploads/${path}`);
      if (res.status === 404) throw notFound(MESSAGES.notFound);
      const type = res.headers.get("content-type") ?? "";
      if (!res.ok || !type.startsWith("image/")) throw blogUnavailable();
      return reply
        .header("Cache-Control", "public, max-age=86400")
        .type(type)
        .send(Buffer.from(await res.arrayBuffer()));
    },
  );

  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE"],
    url: "/blog/*",
    handler: async (_request, reply) => {
      reply.header("Allow", "GET, HEAD");
      throw new AppError(405, "Le blog est en lecture seule.");
    },
  });
}
