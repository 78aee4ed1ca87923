import { type BlogPost, featuredImage, POST_CARD_IMAGE_SIZES, publishedAt } from "@lagon/contracts/blog-post";
import { formatDate } from "@lagon/contracts/french-date";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { cardExcerpt, htmlToText } from "./post-text";

/**
 * One article of the blog list: image, date, title (the link, as text) and a 150-character
 * excerpt. The list needs no HTML sanitizer: it shows the blog's text only.
 */
export function PostCard({ post, first = false }: { post: BlogPost; first?: boolean }) {
  const image = featuredImage(post);
  const date = publishedAt(post);
  return (
    <article className="post-card">
      {image ? (
        <img
          className="post-card-image"
          src={image.src}
          srcSet={image.srcSet}
          sizes={POST_CARD_IMAGE_SIZES}
          width={image.width}
          height={image.height}
          alt=""
          // The first card's image is the largest thing on the first screen: it loads at once (and
          // the server preloads it in the page's head).
          loading={first ? "eager" : "lazy"}
          fetchPriority={first ? "high" : "auto"}
          decoding="async"
        />
      ) : (
        <div className="post-card-image post-card-placeholder" aria-hidden="true" />
      )}
      <div className="post-card-body">
        <time className="post-date" dateTime={date.toISOString()}>
          {formatDate(date)}
        </time>
        <h2 className="post-card-title">
          <Link to={paths.article(post.slug)}>{htmlToText(post.title.rendered)}</Link>
        </h2>
        <p className="post-card-excerpt">{cardExcerpt(post.excerpt.rendered)}</p>
      </div>
    </article>
  );
}
