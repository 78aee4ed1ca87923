import { useSearchParams } from "react-router";
import { BlogPager } from "./blog-pager";
import "./blog.css";
import { PostCard } from "./post-card";
import { usePostsPage } from "./use-posts-page";

/** The page number of the list, from `?page=` (1 when absent or not a number). */
function pageFrom(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** The blog list: nine articles a page, with its loading, error and empty states. */
export function BlogList() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const state = usePostsPage(page);
  return (
    // While loading, the section holds a screen's height so the articles arriving do not push
    // the footer around (no layout shift).
    <section className={state.status === "loading" ? "section blog blog-loading" : "section blog"}>
      <div className="container">
        {state.status === "loading" ? (
          <p className="blog-status" role="status">
            Chargement des articles…
          </p>
        ) : state.status === "error" ? (
          <p className="blog-status blog-error" role="alert">
            Erreur lors du chargement des articles
          </p>
        ) : state.posts.length === 0 ? (
          <p className="blog-status">Aucun article pour le moment</p>
        ) : (
          <>
            <div className="blog-grid">
              {state.posts.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
            <BlogPager page={page} totalPages={state.totalPages} />
          </>
        )}
      </div>
    </section>
  );
}
