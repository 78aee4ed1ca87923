import type { BlogPost } from "@lagon/contracts/blog-post";

/** The published post with this slug, or null when the blog has none. */
export async function getPost(slug: string): Promise<BlogPost | null> {
  const res = await fetch(`/blog/wp-json/wp/v2/posts?slug=${encodeURIComponent(slug)}&_embed`, {
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`blog post: HTTP ${res.status}`);
  const [post] = (await res.json()) as BlogPost[];
  return post ?? null;
}
