import { useEffect } from "react";
import { getPost } from "../features/blog/api/get-post";
import { articleMeta } from "../features/blog/article-meta";
import { ArticleMissing } from "../features/blog/article-missing";
import { ArticleView } from "../features/blog/article-view";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/article";

/** The post, read in the browser through GET /blog/wp-json/wp/v2/posts?slug={slug}&_embed. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    return { post: await getPost(params.slug), failed: false };
  } catch {
    return { post: null, failed: true };
  }
}

export function HydrateFallback() {
  return (
    <p className="page-loading" role="status">
      Chargement de l'article…
    </p>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.post
    ? articleMeta(loaderData.post)
    : pageMeta({
        title: "Article non trouvé",
        description: "Cet article n'existe pas.",
        noIndex: true,
      });

export default function Article({ loaderData }: Route.ComponentProps) {
  // The server put the article's tags in the page it sent; from here on the app's own meta holds them.
  useEffect(() => {
    for (const node of document.head.querySelectorAll("[data-article-head]")) node.remove();
  }, []);
  const { post, failed } = loaderData;
  return post ? <ArticleView post={post} /> : <ArticleMissing failed={failed} />;
}
