import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { blogListPage, blogPostsPath } from "@lagon/contracts/blog";
import { type BlogPost, featuredImage, POST_CARD_IMAGE_SIZES } from "@lagon/contracts/blog-post";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { articleHeadTags, injectArticleHead } from "./article-head.ts";
import type { BlogApi } from "./blog-api.ts";
import { type ArticleSummary, BlogLookups } from "./blog-lookups.ts";
import { escapeHtml } from "./html-text.ts";
import { sitemapXml } from "./sitemap.ts";

const MAX_SLUG_LENGTH = 200;
/**
 * How long the blog list's page waits for its articles to name its first image: they are
 * usually kept already; a slow blog only loses the image's preload, never delays the page more.
 */
const LIST_IMAGE_WAIT_MS = 100;
const HTML = rawAnswer("text/html");

/**
 * What search engines read of the blog, at request time since the articles live in WordPress:
 * GET /sitemap.xml, and GET /articles/:slug as the web app's page with the article's title,
 * description, canonical URL, sharing tags and JSON-LD in its head (404 for an unknown slug).
 * And GET /articles, the prerendered list, with preloads of the page of articles it shows and of
 * its first image (the largest thing on a phone's first screen): the browser fetches them while
 * it loads the page's code instead of after.
 */
export async function blogSeoRoutes(
  app: FastifyInstance,
  { ctx, blogApi }: { ctx: Context; blogApi: BlogApi },
): Promise<void> {
  const lookups = new BlogLookups(blogApi);

  const page = { method: "GET", access: "public", rateLimit: "default" } as const;

  route(
    app,
    { ...page, url: "/sitemap.xml", response: { 200: rawAnswer("application/xml") } },
    async (request, reply) => {
      let articles: { slug: string; modified: string }[] = [];
      try {
        articles = await lookups.sitemapEntries();
      } catch (err) {
        request.log.warn({ err }, "sitemap without articles: blog unavailable");
      }
      return reply
        .type("application/xml; charset=utf-8")
        .header("Cache-Control", "public, max-age=300")
        .send(sitemapXml(ctx.config.PUBLIC_URL, articles));
    },
  );

  const spaFile = path.join(ctx.config.WEB_BUILD_DIR, "client", "__spa-fallback.html");
  const listFile = path.join(ctx.config.WEB_BUILD_DIR, "client", "articles", "index.html");
  // Without a built web app the web app's own plugin stops the start with the right message.
  if (!ctx.config.SERVE_WEB || !existsSync(spaFile)) return;
  const spaHtml = readFileSync(spaFile, "utf8");
  const listHtml = readFileSync(listFile, "utf8");

  route(app, { ...page, url: "/articles", response: { 200: HTML } }, async (request, reply) => {
    const { page } = request.query as { page?: unknown };
    const href = blogPostsPath(blogListPage(typeof page === "string" ? page : undefined));
    const preloads = [
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href.replaceAll("&", "&amp;")}"/>`,
    ];
    const image = await firstImageOf(blogApi.read(href.replace(/^\/blog/, "")));
    if (image) {
      const srcset = image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}"` : "";
      preloads.push(
        `<link rel="preload" as="image" href="${escapeHtml(image.src)}"${srcset} imagesizes="${POST_CARD_IMAGE_SIZES}" fetchpriority="high"/>`,
      );
    }
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(listHtml.replace("</head>", () => `${preloads.join("")}</head>`));
  });

  route(
    app,
    { ...page, url: "/articles/:slug", response: { 200: HTML, 404: HTML } },
    async (request, reply) => {
      const { slug } = request.params as { slug: string };
      let article: ArticleSummary | null | undefined = null;
      if (slug.length <= MAX_SLUG_LENGTH) {
        try {
          article = await lookups.article(slug);
        } catch (err) {
          // The page still loads; the browser app shows the blog's error itself.
          request.log.warn({ err }, "article page without its head: blog unavailable");
          article = undefined;
        }
      }
      return reply
        .status(article === null ? 404 : 200)
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .send(article ? injectArticleHead(spaHtml, articleHeadTags(article, ctx.config)) : spaHtml);
    },
  );
}

/** The first article's featured image, if the page of articles comes in time (and has one). */
async function firstImageOf(answer: Promise<{ body: unknown }>) {
  const timeout = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), LIST_IMAGE_WAIT_MS).unref(),
  );
  const posts = await Promise.race([
    answer.then(
      ({ body }) => body,
      () => undefined,
    ),
    timeout,
  ]);
  const [first] = Array.isArray(posts) ? (posts as BlogPost[]) : [];
  return first ? featuredImage(first) : undefined;
}
