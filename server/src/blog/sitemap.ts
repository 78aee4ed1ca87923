import { PUBLIC_PAGES } from "@lagon/contracts/public-pages";
import { escapeHtml } from "./html-text.ts";

/** sitemap.xml: the public pages and every article with its last modification. */
export function sitemapXml(publicUrl: string, articles: { slug: string; modified: string }[]): string {
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeHtml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(path)),
    ...articles.map((a) =>
      url(`/articles/${encodeURIComponent(a.slug)}`, a.modified.replace(/\.\d+Z$/, "Z")),
    ),
    "</urlset>",
    "",
  ].join("\n");
}
