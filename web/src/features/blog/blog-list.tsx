import { blogListPage } from "@lagon/contracts/blog";
import { useSearchParams } from "react-router";
import { BlogPager } from "./blog-pager";
import "./blog.css";
import { PostCard } from "./post-card";
import { usePostsPage } from "./use-posts-page";

/** The blog list: nine articles a page, with its loading, error and empty states. */
export function BlogList() {
  const [params] = useSearchParams();
  const page = blogListPage(params.get("page"));
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
        ) : state.posts.length === 0 && !state.ready ? (
          <p className="blog-status" role="status">
            Le blog se prépare : les articles arrivent dans un instant…
          </p>
        ) : state.posts.length === 0 ? (
          <p className="blog-status">Aucun article pour le moment</p>
        ) : (
          <>
            <div className="blog-grid">
              {state.posts.map((post, i) => (
                <PostCard key={post.id} post={post} first={i === 0} />
              ))}
            </div>
            <BlogPager page={page} totalPages={state.totalPages} />
          </>
        )}
      </div>
    </section>
  );
}
