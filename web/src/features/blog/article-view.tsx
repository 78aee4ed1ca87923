import { type BlogPost, featuredImage, publishedAt } from "@lagon/contracts/blog-post";
import { formatDate } from "@lagon/contracts/french-date";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { ArticleCta } from "./article-cta";
import "./blog.css";
import { safePostHtml, safeTitleHtml } from "./post-html";

/** A blog post: back link, featured image, date, title and content (HTML sanitized by DOMPurify). */
export function ArticleView({ post }: { post: BlogPost }) {
  const image = featuredImage(post);
  const date = publishedAt(post);
  return (
    <article className="article">
      <div className="container article-container">
        <p className="article-back">
          <Link className="article-back-link" to={paths.articles()}>
            <span aria-hidden="true">← </span>Retour au blog
          </Link>
        </p>
        {image ? (
          <img
            className="article-image"
            src={image.src}
            srcSet={image.srcSet}
            sizes="(min-width: 800px) 46rem, 100vw"
            width={image.width}
            height={image.height}
            alt={image.alt}
            fetchPriority="high"
          />
        ) : null}
        <header className="article-header">
          <time className="post-date" dateTime={date.toISOString()}>
            Publié le {formatDate(date)}
          </time>
          <h1
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (safeTitleHtml).
            dangerouslySetInnerHTML={{ __html: safeTitleHtml(post.title.rendered) }}
          />
        </header>
        <div
          className="article-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (safePostHtml).
          dangerouslySetInnerHTML={{ __html: safePostHtml(post.content.rendered) }}
        />
        <ArticleCta />
      </div>
    </article>
  );
}
