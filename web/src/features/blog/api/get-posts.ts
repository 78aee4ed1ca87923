import type { BlogPost } from "./blog-post";

/** Articles shown per page of the blog list. */
export const POSTS_PER_PAGE = 9;

export interface PostsPage {
  posts: BlogPost[];
  totalPages: number;
}

/** One page of the blog list; the number of pages comes from the X-WP-TotalPages header. */
export async function getPosts(page: number): Promise<PostsPage> {
  const res = await fetch(`/blog/wp-json/wp/v2/posts?page=${page}&per_page=${POSTS_PER_PAGE}&_embed`, {
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`blog list: HTTP ${res.status}`);
  const posts = (await res.json()) as BlogPost[];
  return { posts, totalPages: Number(res.headers.get("X-WP-TotalPages") ?? 1) || 1 };
}
