import { type BlogPost, featuredImage, publishedAt } from "@lagon/contracts/blog-post";
import type { MetaDescriptor } from "react-router";
import { paths } from "../../config/paths";
import { publicConfig } from "../../config/public-config";
import { pageMeta } from "../../lib/page-meta";
import { absoluteUrl } from "../../lib/seo";
import { cardExcerpt, htmlToText } from "./post-text";

/**
 * The head of an article page once the browser has the post: the same title, description,
 * canonical URL and sharing tags the server put in the page it sent (see server/src/blog).
 */
export function articleMeta(post: BlogPost): MetaDescriptor[] {
  const image = featuredImage(post);
  const imageUrl = image && (image.src.startsWith("/") ? absoluteUrl(image.src) : image.src);
  const title = htmlToText(post.title.rendered);
  const description = cardExcerpt(post.excerpt.rendered, 160);
  const url = absoluteUrl(paths.article(post.slug));
  const organization = {
    "@type": "Organization",
    name: publicConfig.COMPANY_NAME,
    url: absoluteUrl(paths.home()),
  };
  const published = publishedAt(post).toISOString();
  const blogPosting = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: title,
    description,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    datePublished: published,
    dateModified: post.modified_gmt ? new Date(`${post.modified_gmt}Z`).toISOString() : published,
    inLanguage: "fr-FR",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: organization,
    publisher: { ...organization, logo: { "@type": "ImageObject", url: absoluteUrl("/favicon.svg") } },
  };
  const meta = pageMeta({ title, description, path: paths.article(post.slug), jsonLd: [blogPosting] }).map(
    (tag) => {
      if ("property" in tag && tag.property === "og:type") return { ...tag, content: "article" };
      if (image && "name" in tag && tag.name === "twitter:card")
        return { ...tag, content: "summary_large_image" };
      return tag;
    },
  );
  if (imageUrl) meta.push({ property: "og:image", content: imageUrl });
  return meta;
}
