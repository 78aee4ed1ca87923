/** Articles per page of the blog list (/articles). */
export const POSTS_PER_PAGE = 9;

/** The page of the blog list that a `?page=` value asks for: 1 when absent or not a positive number. */
export function blogListPage(value: string | null | undefined): number {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/**
 * Where the browser reads a page of the blog list, as section 7 of the spec calls it. The server
 * preloads the same address in the page's head, so both must build it here.
 */
export function blogPostsPath(page: number): string {
  return `/blog/wp-json/wp/v2/posts?page=${page}&per_page=${POSTS_PER_PAGE}&_embed`;
}

/**
 * Sent as "false" with a blog answer while the blog is still being filled (first start): the
 * browser must not keep it, and the list page asks again until the articles are in.
 */
export const BLOG_READY_HEADER = "X-Blog-Ready";
