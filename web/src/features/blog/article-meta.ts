import type { MetaDescriptor } from "react-router";
import { paths } from "../../config/paths";
import { pageMeta } from "../../lib/page-meta";
import { absoluteUrl } from "../../lib/seo";
import { type BlogPost, featuredImage } from "./api/blog-post";
import { cardExcerpt, htmlToText } from "./post-html";

/**
 * The head of an article page once the browser has the post: the same title, description,
 * canonical URL and sharing tags the server put in the page it sent (see server/src/blog).
 */
export function articleMeta(post: BlogPost): MetaDescriptor[] {
  const image = featuredImage(post);
  const meta = pageMeta({
    title: htmlToText(post.title.rendered),
    description: cardExcerpt(post.excerpt.rendered, 160),
    path: paths.article(post.slug),
  }).map((tag) => ("property" in tag && tag.property === "og:type" ? { ...tag, content: "article" } : tag));
  if (image) {
    const url = image.src.startsWith("/") ? absoluteUrl(image.src) : image.src;
    meta.push(
      { property: "og:image", content: url },
      { name: "twitter:card", content: "summary_large_image" },
    );
  }
  return meta;
}
