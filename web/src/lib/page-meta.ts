import type { MetaDescriptor } from "react-router";
import { publicConfig } from "../config/public-config";
import { absoluteUrl, type JsonLd } from "./seo";

interface PageMetaInput {
  title: string;
  description: string;
  /** Path of a public page: gives it its canonical URL and its sharing (OpenGraph) tags. */
  path?: string;
  /** schema.org data describing the page (business, FAQ, offers...). */
  jsonLd?: JsonLd[];
  /** Private pages (reached with a token) must not be indexed. */
  noIndex?: boolean;
}

/** The `<title>`, description and, for a public page, canonical URL, sharing tags and structured data. */
export function pageMeta({
  title,
  description,
  path,
  jsonLd = [],
  noIndex = false,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | ${publicConfig.COMPANY_NAME}`;
  const meta: MetaDescriptor[] = [{ title: fullTitle }, { name: "description", content: description }];
  if (noIndex) meta.push({ name: "robots", content: "noindex" });
  if (path !== undefined) {
    const url = absoluteUrl(path);
    meta.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:type", content: "website" },
      { property: "og:locale", content: "fr_FR" },
      { property: "og:site_name", content: publicConfig.COMPANY_NAME },
      { property: "og:title", content: fullTitle },
      { property: "og:description", content: description },
      { property: "og:url", content: url },
      { name: "twitter:card", content: "summary" },
    );
  }
  for (const data of jsonLd) meta.push({ "script:ld+json": data });
  return meta;
}
