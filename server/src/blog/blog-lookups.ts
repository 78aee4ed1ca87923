import type { BlogApi } from "./blog-api.ts";
import { htmlToText, truncateText } from "./html-text.ts";

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

const MAX_SITEMAP_PAGES = 10;

/**
 * Reads articles from the blog for the article pages' head and the sitemap, through the blog's
 * API as the site reads it (BlogApi: each answer kept a minute, media on our origin).
 */
export class BlogLookups {
  constructor(private readonly api: BlogApi) {}

  /** The published article with this slug, or null when there is none. */
  async article(slug: string): Promise<ArticleSummary | null> {
    const { body } = await this.api.read(
      `/wp-json/wp/v2/posts?slug=${encodeURIComponent(slug)}&_embed=wp:featuredmedia`,
    );
    const [post] = body as WpPost[];
    return post ? summary(post) : null;
  }

  /** Slug and last modification of every published article, newest first. */
  async sitemapEntries(): Promise<{ slug: string; modified: string }[]> {
    const entries: { slug: string; modified: string }[] = [];
    for (let page = 1; page <= MAX_SITEMAP_PAGES; page++) {
      const { headers, body } = await this.api.read(
        `/wp-json/wp/v2/posts?per_page=100&page=${page}&_fields=slug,modified_gmt`,
      );
      const posts = body as Pick<WpPost, "slug" | "modified_gmt">[];
      entries.push(...posts.map((p) => ({ slug: p.slug, modified: `${p.modified_gmt}Z` })));
      const totalPages = Number(headers.find(([name]) => name === "x-wp-totalpages")?.[1] ?? 1);
      if (page >= totalPages) break;
    }
    return entries;
  }
}

function summary(post: WpPost): ArticleSummary {
  return {
    slug: post.slug,
    title: htmlToText(post.title.rendered),
    description: truncateText(htmlToText(post.excerpt.rendered), 160),
    published: `${post.date_gmt}Z`,
    modified: `${post.modified_gmt}Z`,
    imagePath: post._embedded?.["wp:featuredmedia"]?.[0]?.source_url,
  };
}
