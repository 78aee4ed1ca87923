import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../lib/app-error.ts";
import { type BlogApi, blogUnavailable } from "./blog-api.ts";

/** The only parts of the blog's REST API the site reads. */
const API_PATH = /^wp\/v2\/(?:posts|media|categories)(?:\/\d+)?$/;
/** Images under wp-content/uploads: word-character segments, so no ".." and no PHP. */
const UPLOAD_PATH = /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:jpe?g|png|webp|gif|avif)$/i;

/**
 * The agency blog, read-only, on our own origin: GET /blog/wp-json/wp/v2/{posts,media,categories}
 * (query string passed through, media addresses rewritten to our origin) and the images under
 * GET /blog/wp-content/uploads/. Anything else under /blog is refused. The API's answers are kept
 * a minute in memory (BlogApi).
 */
export async function blogProxyRoutes(
  app: FastifyInstance,
  { blogApi }: { blogApi: BlogApi },
): Promise<void> {
  app.get(
    "/blog/wp-json/*",
    { config: { rateLimit: { max: 300, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const path = (request.params as { "*": string })["*"];
      if (!API_PATH.test(path)) throw notFound(MESSAGES.notFound);
      const queryAt = request.url.indexOf("?");
      const blogPath = `/wp-json/${path}${queryAt < 0 ? "" : request.url.slice(queryAt)}`;
      const answer = await blogApi.read(blogPath);
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

  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE"],
    url: "/blog/*",
    handler: async (_request, reply) => {
      reply.header("Allow", "GET, HEAD");
      throw new AppError(405, "Le blog est en lecture seule.");
    },
  });
}
