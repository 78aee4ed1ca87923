import { Refusal } from "@lagon/contracts/answers-schemas";
import { BLOG_READY_HEADER } from "@lagon/contracts/blog";
import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance } from "fastify";
import { AppError, badRequest, notFound } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { type BlogApi, blogUnavailable } from "./blog-api.ts";

/** The only parts of the blog's REST API the site reads. */
const API_PATH = /^wp\/v2\/(?:posts|media|categories)(?:\/\d+)?$/;
/**
 * The query parameters the site's pages send. Any other is refused, not passed on: WordPress
 * routes by `rest_route` over the path, takes `_method` as the method and `_jsonp` as a script,
 * and PHP reads `rest.route`, `rest[route` or `rest%5Froute` as `rest_route`.
 */
const QUERY_PARAMETERS = new Set(["page", "per_page", "slug", "_embed", "_fields"]);
const BLOG_PREPARING = "Le blog est en cours de préparation : les articles arrivent dans un instant.";
/** The words the blog's own 400 gets too (blog-api.ts). */
const INVALID_QUERY = "Paramètres de lecture du blog invalides.";
/** Images under wp-content/uploads: word-character segments, so no ".." and no PHP. */
const UPLOAD_PATH = /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:jpe?g|png|webp|gif|avif)$/i;

/**
 * The agency blog, read-only, on our own origin: GET /blog/wp-json/wp/v2/{posts,media,categories}
 * (allowed query parameters passed through as sent, media addresses rewritten to our origin) and
 * the images under GET /blog/wp-content/uploads/. Anything else under /blog is refused. The API's
 * answers are kept a minute in memory (BlogApi), except while the blog is being filled on first
 * start: then nothing is kept, by the server or the browser, and the answers say so.
 */
export async function blogProxyRoutes(
  app: FastifyInstance,
  { blogApi }: { blogApi: BlogApi },
): Promise<void> {
  route(
    app,
    {
      method: "GET",
      url: "/blog/wp-json/*",
      access: "public",
      rateLimit: "manyReads",
      // WordPress's own answer, passed on as it came.
      response: { 200: rawAnswer("application/json") },
    },
    async (request, reply) => {
      const path = (request.params as { "*": string })["*"];
      if (!API_PATH.test(path)) throw notFound(MESSAGES.notFound);
      const queryAt = request.url.indexOf("?");
      const query = queryAt < 0 ? "" : request.url.slice(queryAt);
      for (const name of new URLSearchParams(query).keys()) {
        if (!QUERY_PARAMETERS.has(name)) throw badRequest(INVALID_QUERY);
      }
      const blogPath = `/wp-json/${path}${query}`;
      const answer = await blogApi.read(blogPath).catch(async (err: unknown) => {
        if (await blogApi.ready()) throw err;
        // Not installed yet, or busy installing: said as such, and asked again shortly.
        reply
          .header(BLOG_READY_HEADER, "false")
          .header("Retry-After", "5")
          .header("Cache-Control", "no-store");
        throw new AppError(503, BLOG_PREPARING);
      });
      for (const [name, value] of answer.headers) reply.header(name, value);
      // A blog still being filled: the browser keeps nothing, and the page asks again shortly.
      if (!answer.ready) reply.header(BLOG_READY_HEADER, "false");
      return reply
        .header("Cache-Control", answer.ready ? "public, max-age=60" : "no-store")
        .type("application/json; charset=utf-8")
        .send(answer.body);
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/blog/wp-content/uploads/*",
      access: "public",
      rateLimit: "machines",
      response: { 200: rawAnswer("image/*") },
    },
    async (request, reply) => {
      const path = (request.params as { "*": string })["*"];
      if (!UPLOAD_PATH.test(path)) throw notFound(MESSAGES.notFound);
      const res = await blogApi.fetch(`/wp-content/uploads/${path}`);
      if (res.status === 404) throw notFound(MESSAGES.notFound);
      const type = res.headers.get("content-type") ?? "";
      if (!res.ok || !type.startsWith("image/")) throw blogUnavailable();
      return reply
        .header("Cache-Control", "public, max-age=86400")
        .type(type)
        .send(Buffer.from(await res.arrayBuffer()));
    },
  );

  route(
    app,
    {
      method: ["POST", "PUT", "PATCH", "DELETE"],
      url: "/blog/*",
      access: "public",
      rateLimit: "default",
      // Only the refusal: 405 with its French detail.
      response: { 405: Refusal },
    },
    async (_request, reply) => {
      reply.header("Allow", "GET, HEAD");
      throw new AppError(405, "Le blog est en lecture seule.");
    },
  );
}
