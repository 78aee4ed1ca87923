import { formatDate } from "@lagon/contracts/french-date";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { type BlogPost, featuredImage, publishedAt } from "./api/blog-post";
import { cardExcerpt, safeTitleHtml } from "./post-html";

/** One article of the blog list: image, date, title (the link) and a 150-character excerpt. */
export function PostCard({ post }: { post: BlogPost }) {
  const image = featuredImage(post);
  const date = publishedAt(post);
  return (
    <article className="post-card">
      {image ? (
        <img
          className="post-card-image"
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw"
          width={image.width}
          height={image.height}
          alt=""
          loading="lazy"
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
          <Link
            to={paths.article(post.slug)}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (safeTitleHtml).
            dangerouslySetInnerHTML={{ __html: safeTitleHtml(post.title.rendered) }}
          />
        </h2>
        <p className="post-card-excerpt">{cardExcerpt(post.excerpt.rendered)}</p>
      </div>
    </article>
  );
}
