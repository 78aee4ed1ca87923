import { useEffect, useState } from "react";
import { getPosts, type PostsPage } from "./api/get-posts";

export type PostsPageState = { status: "loading" } | { status: "error" } | ({ status: "ready" } & PostsPage);

/** Loads one page of the blog list from the browser, again whenever the page changes. */
export function usePostsPage(page: number): PostsPageState {
  const [state, setState] = useState<PostsPageState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    getPosts(page).then(
      (result) => current && setState({ status: "ready", ...result }),
      () => current && setState({ status: "error" }),
    );
    return () => {
      current = false;
    };
  }, [page]);
  return state;
}
