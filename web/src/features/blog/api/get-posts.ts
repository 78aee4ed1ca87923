import { BLOG_READY_HEADER, blogPostsPath } from "@lagon/contracts/blog";
import type { BlogPost } from "@lagon/contracts/blog-post";

export interface PostsPage {
  posts: BlogPost[];
  totalPages: number;
  /** False while the blog is still being filled (first start): ask again shortly. */
  ready: boolean;
}

/** One page of the blog list; the number of pages comes from the X-WP-TotalPages header. */
export async function getPosts(page: number): Promise<PostsPage> {
  // A plain request, the same as the page's preload of it (see server/src/blog), so that it is reused.
  const res = await fetch(blogPostsPath(page));
  const ready = res.headers.get(BLOG_READY_HEADER) !== "false";
  if (!ready && !res.ok) return { posts: [], totalPages: 1, ready };
  if (!res.ok) throw new Error(`blog list: HTTP ${res.status}`);
  const posts = (await res.json()) as BlogPost[];
  return { posts, totalPages: Number(res.headers.get("X-WP-TotalPages") ?? 1) || 1, ready };
}
