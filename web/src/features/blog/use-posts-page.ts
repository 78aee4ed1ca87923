import { useEffect, useState } from "react";
import { getPosts, type PostsPage } from "./api/get-posts";

export type PostsPageState = { status: "loading" } | { status: "error" } | ({ status: "ready" } & PostsPage);

/** While the blog is being filled (first start), how often the list asks again. */
export const NOT_READY_RETRY_MS = 3000;

/**
 * Loads one page of the blog list from the browser, again whenever the page changes, and every
 * few seconds while the blog says it is still being filled, so its articles show as they come.
 */
export function usePostsPage(page: number): PostsPageState {
  const [state, setState] = useState<PostsPageState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    let timer: number | undefined;
    setState({ status: "loading" });
    const load = () =>
      getPosts(page).then(
        (result) => {
          if (!current) return;
          // A blog busy filling itself may fail to answer for a moment: keep what was shown.
          setState((shown) =>
            !result.ready && result.posts.length === 0 && shown.status === "ready" && shown.posts.length > 0
              ? shown
              : { status: "ready", ...result },
          );
          if (!result.ready) timer = window.setTimeout(load, NOT_READY_RETRY_MS);
        },
        () => current && setState({ status: "error" }),
      );
    void load();
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [page]);
  return state;
}
