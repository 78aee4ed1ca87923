import { TtlCache } from "../lib/ttl-cache.ts";
import type { BlogSource } from "./blog-source.ts";
import { htmlToText, truncateText } from "./html-text.ts";
import { rewriteMediaUrls } from "./media-urls.ts";

/** What our pages need to describe an article to search engines and social networks. */
export interface ArticleSummary {
  slug: string;
  title: string;
  description: string;
  /** ISO 8601, UTC. */
  published: string;
  modified: string;
  /** Path on our origin of the featured image, e.g. /blog/wp-content/uploads/…/x.webp. */
  imagePath?: string;
}

interface WpPost {
  slug: string;
  date_gmt: string;
  modified_gmt: string;
  title: { rendered: string };
  excerpt: { rendered: string };
  _embedded?: { "wp:featuredmedia"?: { source_url?: string }[] };
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_SITEMAP_PAGES = 10;

/**
 * Reads articles from the blog for the article pages' head and the sitemap, each answer kept
 * in memory for a minute (per process: a stale minute is harmless here).
 */
export class BlogLookups {
  private readonly cache = new TtlCache(TTL_MS, MAX_ENTRIES);

  constructor(private readonly source: BlogSource) {}

  /** The published article with this slug, or null when there is none. */
  article(slug: string): Promise<ArticleSummary | null> {
    return this.cache.get(`article:${slug}`, async () => {
      const [post] = await this.getJson<WpPost[]>(
        `/wp-json/wp/v2/posts?slug=${encodeURIComponent(slug)}&_embed=wp:featuredmedia`,
      );
      return post ? summary(post, this.source.baseUrl) : null;
    });
  }

  /** Slug and last modification of every published article, newest first. */
  sitemapEntries(): Promise<{ slug: string; modified: string }[]> {
    return this.cache.get("sitemap", async () => {
      const entries: { slug: string; modified: string }[] = [];
      for (let page = 1; page <= MAX_SITEMAP_PAGES; page++) {
        const res = await this.get(
          `/wp-json/wp/v2/posts?per_page=100&page=${page}&_fields=slug,modified_gmt`,
        );
        const posts = (await res.json()) as Pick<WpPost, "slug" | "modified_gmt">[];
        entries.push(...posts.map((p) => ({ slug: p.slug, modified: `${p.modified_gmt}Z` })));
        if (page >= Number(res.headers.get("x-wp-totalpages") ?? 1)) break;
      }
      return entries;
    });
  }

  private async get(path: string): Promise<Response> {
    const res = await this.source.get(path);
    if (!res.ok) throw new Error(`blog answered ${res.status} to ${path.split("?")[0]}`);
    return res;
  }

  private async getJson<T>(path: string): Promise<T> {
    return (await (await this.get(path)).json()) as T;
  }
}

function summary(post: WpPost, blogBaseUrl: string): ArticleSummary {
  const image = post._embedded?.["wp:featuredmedia"]?.[0]?.source_url;
  return {
    slug: post.slug,
    title: htmlToText(post.title.rendered),
    description: truncateText(htmlToText(post.excerpt.rendered), 160),
    published: `${post.date_gmt}Z`,
    modified: `${post.modified_gmt}Z`,
    imagePath: image ? rewriteMediaUrls(image, blogBaseUrl) : undefined,
  };
}
