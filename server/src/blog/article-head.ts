import type { Config } from "../config.ts";
import type { ArticleSummary } from "./blog-lookups.ts";
import { escapeHtml } from "./html-text.ts";

type SiteConfig = Pick<Config, "PUBLIC_URL" | "COMPANY_NAME">;

/** Marks the tags the server adds, so the browser app can take over the head once it runs. */
const ARTICLE_HEAD_ATTRIBUTE = "data-article-head";

/** The absolute address of a path of our site, or the address itself when already absolute. */
const absolute = (config: SiteConfig, pathOrUrl: string) =>
  pathOrUrl.startsWith("/") ? `${config.PUBLIC_URL}${pathOrUrl}` : pathOrUrl;

/** The article's title, description, canonical URL, sharing tags and schema.org BlogPosting, as HTML. */
export function articleHeadTags(article: ArticleSummary, config: SiteConfig): string {
  const url = absolute(config, `/articles/${encodeURIComponent(article.slug)}`);
  const image = article.imagePath ? absolute(config, article.imagePath) : undefined;
  const title = `${article.title} | ${config.COMPANY_NAME}`;
  const organization = { "@type": "Organization", name: config.COMPANY_NAME, url: config.PUBLIC_URL };
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    ...(image ? { image: [image] } : {}),
    datePublished: article.published,
    dateModified: article.modified,
    inLanguage: "fr-FR",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: organization,
    publisher: { ...organization, logo: { "@type": "ImageObject", url: `${config.PUBLIC_URL}/favicon.svg` } },
  };
  const meta = (key: "name" | "property", name: string, content: string) =>
    `<meta ${ARTICLE_HEAD_ATTRIBUTE} ${key}="${name}" content="${escapeHtml(content)}"/>`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", article.description),
    `<link ${ARTICLE_HEAD_ATTRIBUTE} rel="canonical" href="${escapeHtml(url)}"/>`,
    meta("property", "og:type", "article"),
    meta("property", "og:locale", "fr_FR"),
    meta("property", "og:site_name", config.COMPANY_NAME),
    meta("property", "og:title", title),
    meta("property", "og:description", article.description),
    meta("property", "og:url", url),
    ...(image ? [meta("property", "og:image", image)] : []),
    meta("property", "article:published_time", article.published),
    meta("property", "article:modified_time", article.modified),
    meta("name", "twitter:card", image ? "summary_large_image" : "summary"),
    // "<" escaped so that no text of the article can close the script element.
    `<script ${ARTICLE_HEAD_ATTRIBUTE} type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, "\\u003c")}</script>`,
  ].join("");
}

/** The SPA page with the article's tags in its head, in place of its generic title. */
export function injectArticleHead(pageHtml: string, headTags: string): string {
  return pageHtml.replace(/<title>[^<]*<\/title>/, "").replace("</head>", () => `${headTags}</head>`);
}
