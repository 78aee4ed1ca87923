import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { blogListPage, blogPostsPath } from "@lagon/contracts/blog";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { articleHeadTags, injectArticleHead } from "./article-head.ts";
import { type ArticleSummary, BlogLookups } from "./blog-lookups.ts";
import { blogSource } from "./blog-source.ts";
import { sitemapXml } from "./sitemap.ts";

const MAX_SLUG_LENGTH = 200;

/**
 * What search engines read of the blog, at request time since the articles live in WordPress:
 * GET /sitemap.xml, and GET /articles/:slug as the web app's page with the article's title,
 * description, canonical URL, sharing tags and JSON-LD in its head (404 for an unknown slug).
 * And GET /articles, the prerendered list, with a preload of the page of articles it shows: the
 * browser fetches them while it loads the page's code instead of after.
 */
export async function blogSeoRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const lookups = new BlogLookups(blogSource(ctx));

  app.get("/sitemap.xml", async (request, reply) => {
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
  });

  const spaFile = path.join(ctx.config.WEB_BUILD_DIR, "client", "__spa-fallback.html");
  const listFile = path.join(ctx.config.WEB_BUILD_DIR, "client", "articles", "index.html");
  // Without a built web app the web app's own plugin stops the start with the right message.
  if (!ctx.config.SERVE_WEB || !existsSync(spaFile)) return;
  const spaHtml = readFileSync(spaFile, "utf8");
  const listHtml = readFileSync(listFile, "utf8");

  app.get<{ Querystring: { page?: unknown } }>("/articles", async (request, reply) => {
    const { page } = request.query;
    const href = blogPostsPath(blogListPage(typeof page === "string" ? page : undefined));
    const preload = `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href.replaceAll("&", "&amp;")}"/>`;
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(listHtml.replace("</head>", () => `${preload}</head>`));
  });

  app.get<{ Params: { slug: string } }>("/articles/:slug", async (request, reply) => {
    const { slug } = request.params;
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
  });
}
