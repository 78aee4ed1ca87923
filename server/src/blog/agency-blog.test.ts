import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { blogPostsPath } from "@lagon/contracts/blog";
import { type BlogPost, featuredImage, POST_CARD_IMAGE_SIZES } from "@lagon/contracts/blog-post";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-context.ts";
import { buildApp } from "../app.ts";
import { appSettings } from "../db/schema.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { freePort, logIn } from "../wordpress/site-checks.ts";
import { adminPasswordFile, readBlogCredentials } from "./blog-credentials.ts";
import { BLOG_SUBDOMAIN } from "./blog-source.ts";
import { type AgencyBlog, ensureAgencyBlog } from "./ensure-agency-blog.ts";
import { readSeedArticles } from "./seed-articles.ts";
import { seedBlogArticles } from "./seed-blog-articles.ts";

const PUBLIC_URL = "https://www.lagon-digital.re";
const articles = readSeedArticles();

interface Post {
  id: number;
  slug: string;
  status: string;
  featured_media: number;
  title: { rendered: string };
  content: { rendered: string };
  _embedded?: { "wp:featuredmedia"?: { source_url: string; media_type: string }[] };
}

/** A built web app reduced to what the blog's pages read: the SPA fallback and the blog list. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-web-"));
  mkdirSync(path.join(dir, "client", "articles"), { recursive: true });
  const page = (title: string, body: string) =>
    `<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><title>${title}</title></head><body>${body}</body></html>`;
  writeFileSync(path.join(dir, "client", "__spa-fallback.html"), page("Lagon Digital", "<p>Chargement…</p>"));
  writeFileSync(
    path.join(dir, "client", "articles", "index.html"),
    page("Blog | Lagon Digital", "<p>Chargement des articles…</p>"),
  );
  return dir;
}

describe("the agency blog on a real local WordPress", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let first: AgencyBlog | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      WP_PORT: String(await freePort()),
      PUBLIC_URL,
      // A public address without Stripe: allowed here, where nothing is sold.
      LOCAL_TEST_PAYMENTS: "on",
      SERVE_WEB: "true",
      WEB_BUILD_DIR: fakeWebBuild(),
    });
    await t.ctx.wordpress.start();
    first = await ensureAgencyBlog(t.ctx);
  });
  afterAll(() => t?.close());

  const publishedPosts = async (): Promise<Post[]> => {
    const res = await t.ctx.wordpress.main.fetch(BLOG_SUBDOMAIN, "/wp-json/wp/v2/posts?per_page=100&_embed");
    expect(res.status).toBe(200);
    return (await res.json()) as Post[];
  };

  it("installs the blog and publishes every seed article with its featured image", async () => {
    expect(first).toMatchObject({
      installed: true,
      adminUser: "admin-blog",
      articlesCreated: articles.length,
    });
    expect(articles.length).toBeGreaterThanOrEqual(12);
    const posts = await publishedPosts();
    expect(posts.map((p) => p.slug).sort()).toEqual(articles.map((a) => a.slug).sort());
    for (const post of posts) {
      expect(post.status).toBe("publish");
      expect(post.featured_media).toBeGreaterThan(0);
      expect(post._embedded?.["wp:featuredmedia"]?.[0]?.source_url).toMatch(
        /\/wp-content\/uploads\/.+\.webp$/,
      );
      expect(post.content.rendered).toContain("<h2");
    }
  });

  it("keeps the credentials encrypted in the database and the wp-admin password in a file only its owner reads", async () => {
    const secrets = path.join(t.ctx.config.DATA_DIR, "secrets");
    const credentials = await readBlogCredentials(t.ctx);
    expect(credentials).toMatchObject({ adminUser: "admin-blog", seeded: true });
    const [row] = await t.ctx.db.select().from(appSettings).where(eq(appSettings.name, "blog-wordpress"));
    const stored = row?.value ?? "";
    expect(stored).not.toBe("");
    expect(stored).not.toContain(credentials?.appPassword);
    expect(stored).not.toContain("admin-blog");
    expect(statSync(adminPasswordFile(t.ctx)).mode & 0o777).toBe(0o600);
    expect(readFileSync(adminPasswordFile(t.ctx), "utf8").trim().length).toBeGreaterThanOrEqual(20);
    expect(readdirSync(secrets)).toContain("blog-admin-password");
    // The blog stays editable in its wp-admin with that password.
    const password = readFileSync(adminPasswordFile(t.ctx), "utf8").trim();
    const dashboard = await logIn(t.ctx.wordpress.main, BLOG_SUBDOMAIN, "admin-blog", password);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Tableau de bord");
  });

  it("does nothing on a second start, and a new seeding run only adds what is missing", async () => {
    expect(await ensureAgencyBlog(t.ctx)).toMatchObject({ installed: false, articlesCreated: 0 });
    const before = await publishedPosts();
    expect(before).toHaveLength(articles.length);

    // As if a run had been cut off before its last article: the next run adds it, reusing its image.
    const credentials = await readBlogCredentials(t.ctx);
    if (!credentials) throw new Error("no credentials");
    const wp = new WordPressRest(
      t.ctx.wordpress.main,
      BLOG_SUBDOMAIN,
      credentials.adminUser,
      credentials.appPassword,
    );
    const last = before.find((p) => p.slug === articles.at(-1)?.slug) as Post;
    await wp.json("DELETE", `/wp/v2/posts/${last.id}?force=true`);
    const mediaBefore = await wp.json<unknown[]>("GET", "/wp/v2/media?per_page=100&_fields=id");
    expect(await seedBlogArticles(wp, articles, "Lagon Digital")).toBe(1);
    expect(await seedBlogArticles(wp, articles, "Lagon Digital")).toBe(0);
    const after = await publishedPosts();
    expect(after).toHaveLength(articles.length);
    expect(after.find((p) => p.slug === last.slug)?.featured_media).toBe(last.featured_media);
    expect(await wp.json<unknown[]>("GET", "/wp/v2/media?per_page=100&_fields=id")).toHaveLength(
      mediaBefore.length,
    );
  });

  describe("GET /blog/wp-json/*", () => {
    it("answers the blog list of the spec: 9 posts a page, total pages, media on our origin", async () => {
      const res = await t.app.inject({ url: "/blog/wp-json/wp/v2/posts?page=1&per_page=9&_embed" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-wp-totalpages"]).toBe("2");
      expect(res.headers["x-wp-total"]).toBe(String(articles.length));
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
      const posts = res.json() as Post[];
      expect(posts).toHaveLength(9);
      expect(res.body).not.toContain(`${t.ctx.wordpress.main.siteUrl(BLOG_SUBDOMAIN)}/wp-content/uploads/`);
      const image = posts[0]?._embedded?.["wp:featuredmedia"]?.[0]?.source_url as string;
      expect(image).toMatch(/^\/blog\/wp-content\/uploads\/\d{4}\/\d{2}\/[\w-]+\.webp$/);

      const file = await t.app.inject({ url: image });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.rawPayload.subarray(8, 12).toString()).toBe("WEBP");

      const second = await t.app.inject({ url: "/blog/wp-json/wp/v2/posts?page=2&per_page=9&_embed" });
      expect(second.json()).toHaveLength(articles.length - 9);
    });

    it("finds one post by its slug", async () => {
      const slug = articles[3]?.slug as string;
      const res = await t.app.inject({ url: `/blog/wp-json/wp/v2/posts?slug=${slug}&_embed` });
      expect(res.statusCode).toBe(200);
      const [post] = res.json() as Post[];
      expect(post?.slug).toBe(slug);
      expect(post?._embedded?.["wp:featuredmedia"]?.[0]?.source_url).toMatch(
        /^\/blog\/wp-content\/uploads\//,
      );
    });

    it("refuses what is not the public blog, in French", async () => {
      for (const url of [
        "/blog/wp-json/wp/v2/users",
        "/blog/wp-json/wp/v2/settings",
        "/blog/wp-json/wp/v2/posts/../users",
        "/blog/wp-json/wp/v2/posts%2F..%2Fusers",
        "/blog/wp-content/uploads/2026/x.php",
        "/blog/wp-content/uploads/x/..%2F..%2Fwp-config.php",
        "/blog/wp-login.php",
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain("WordPress");
      }
      expect((await t.app.inject({ url: "/blog/wp-json/wp/v2/users" })).json()).toEqual({
        detail: "Ressource introuvable.",
      });
      const post = await t.app.inject({
        method: "POST",
        url: "/blog/wp-json/wp/v2/posts",
        payload: { title: "x" },
      });
      expect(post.statusCode).toBe(405);
      expect(post.headers.allow).toBe("GET, HEAD");
      expect(post.json()).toEqual({ detail: "Le blog est en lecture seule." });
      const drafts = await t.app.inject({ url: "/blog/wp-json/wp/v2/posts?status=draft" });
      expect(drafts.statusCode).toBe(400);
      expect(drafts.json().detail).toBe("Paramètres de lecture du blog invalides.");
      const beyond = await t.app.inject({ url: "/blog/wp-json/wp/v2/posts?page=99&per_page=9" });
      expect(beyond.statusCode).toBe(400);
    });
  });

  describe("with BLOG_WP_URL (the agency's own WordPress)", () => {
    let other: FastifyInstance | undefined;
    afterAll(() => other?.close());

    const appFor = async (url: string) => {
      await other?.close();
      other = await buildApp({ ...t.ctx, config: { ...t.ctx.config, BLOG_WP_URL: url } });
      return other;
    };

    it("reads it the same way, media rewritten to our origin", async () => {
      const app = await appFor(t.ctx.wordpress.main.siteUrl(BLOG_SUBDOMAIN));
      const res = await app.inject({ url: "/blog/wp-json/wp/v2/posts?per_page=9&_embed" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-wp-totalpages"]).toBe("2");
      const [post] = res.json() as Post[];
      const image = post?._embedded?.["wp:featuredmedia"]?.[0]?.source_url as string;
      expect(image.startsWith("/blog/wp-content/uploads/")).toBe(true);
      expect((await app.inject({ url: image })).statusCode).toBe(200);
    });

    it("answers a French 502 when the blog is down, and the site still serves its pages", async () => {
      const app = await appFor(`http://127.0.0.1:${await freePort()}`);
      const res = await app.inject({ url: "/blog/wp-json/wp/v2/posts?per_page=9&_embed" });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        detail: "Le blog est momentanément indisponible. Veuillez réessayer plus tard.",
      });
      const page = await app.inject({ url: `/articles/${articles[0]?.slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<title>Lagon Digital</title>");
      const sitemap = await app.inject({ url: "/sitemap.xml" });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/articles</loc>`);
      expect(sitemap.body).not.toContain(`${PUBLIC_URL}/articles/`);
    });
  });

  describe("GET /articles", () => {
    it("is the prerendered list, preloading the page of articles it shows", async () => {
      for (const [url, page] of [
        ["/articles", 1],
        ["/articles?page=2", 2],
        ["/articles?page=abc", 1],
      ] as const) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        const head = res.body.slice(0, res.body.indexOf("</head>"));
        expect(head).toContain("<title>Blog | Lagon Digital</title>");
        expect(head).toContain(
          `<link rel="preload" as="fetch" crossorigin="anonymous" href="/blog/wp-json/wp/v2/posts?page=${page}&amp;per_page=9&amp;_embed"/>`,
        );
      }
    });

    it("preloads the first article's image as the list shows it, once the blog's answer is kept", async () => {
      const posts = await t.app.inject({ url: blogPostsPath(1) });
      const image = featuredImage((posts.json() as BlogPost[])[0] as BlogPost);
      expect(image?.src).toMatch(/^\/blog\/wp-content\/uploads\/.+\.webp$/);
      expect(image?.srcSet).toContain(" 768w");
      const res = await t.app.inject({ url: "/articles" });
      const head = res.body.slice(0, res.body.indexOf("</head>"));
      expect(head).toContain(
        `<link rel="preload" as="image" href="${image?.src}" imagesrcset="${image?.srcSet}" imagesizes="${POST_CARD_IMAGE_SIZES}" fetchpriority="high"/>`,
      );
    });
  });

  describe("GET /articles/:slug", () => {
    it("puts the article's title, description, canonical URL, sharing tags and JSON-LD in the head", async () => {
      const article = articles[0] as (typeof articles)[number];
      const res = await t.app.inject({ url: `/articles/${article.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      const head = res.body.slice(0, res.body.indexOf("</head>"));
      const url = `${PUBLIC_URL}/articles/${article.slug}`;
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head).toContain(`<title>${article.title.replace(/'/g, "&#39;")} | Lagon Digital</title>`);
      expect(head).toContain(`rel="canonical" href="${url}"`);
      expect(head).toContain('property="og:type" content="article"');
      expect(head).toMatch(
        new RegExp(`property="og:image" content="${PUBLIC_URL}/blog/wp-content/uploads/[\\w/-]+\\.webp"`),
      );
      const description = head.match(/name="description" content="([^"]+)"/)?.[1] ?? "";
      expect(description.length).toBeGreaterThan(50);
      expect(description.length).toBeLessThanOrEqual(160 + 40);
      const jsonLd = JSON.parse(
        head.match(/<script[^>]*application\/ld\+json">(.+?)<\/script>/)?.[1] ?? "{}",
      );
      expect(jsonLd).toMatchObject({
        "@type": "BlogPosting",
        headline: article.title,
        mainEntityOfPage: { "@id": url },
        image: [expect.stringMatching(/^https:\/\/www\.lagon-digital\.re\/blog\/wp-content\/uploads\//)],
      });
      // The CSP lets the page's inline JSON-LD through by its hash.
      expect(res.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    });

    it("answers 404 with the web app for an unknown article", async () => {
      const res = await t.app.inject({ url: "/articles/cet-article-n-existe-pas" });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("<title>Lagon Digital</title>");
      expect(res.body).not.toContain("og:type");
    });
  });

  it("lists the public pages and every article in sitemap.xml", async () => {
    const res = await t.app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    for (const page of [
      "",
      "/services",
      "/annuaire",
      "/about",
      "/contact",
      "/articles",
      "/legal",
      "/espace-client",
    ]) {
      expect(res.body).toContain(`<loc>${PUBLIC_URL}${page || "/"}</loc>`);
    }
    for (const article of articles) {
      expect(res.body).toMatch(
        new RegExp(
          `<loc>${PUBLIC_URL}/articles/${article.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[\\d:]+Z</lastmod>`,
        ),
      );
    }
  });
});
