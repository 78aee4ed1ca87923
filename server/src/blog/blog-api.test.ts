import pino from "pino";
import { describe, expect, it } from "vitest";
import { BlogApi } from "./blog-api.ts";
import type { BlogSource } from "./blog-source.ts";

/** A blog that answers its current list of posts, and counts the requests. */
function fakeBlog() {
  const blog = { posts: [] as { id: number }[], ready: false, asked: 0 };
  const source: BlogSource = {
    baseUrl: "http://blog.localhost:8080",
    get: async () => {
      blog.asked += 1;
      return Response.json(blog.posts, { headers: { "x-wp-total": String(blog.posts.length) } });
    },
    ready: async () => blog.ready,
  };
  return { blog, api: new BlogApi(source, pino({ level: "silent" })) };
}

describe("BlogApi", () => {
  it("keeps nothing while the blog is being filled, so each article shows as soon as it is in", async () => {
    const { blog, api } = fakeBlog();
    expect(await api.read("/wp-json/wp/v2/posts")).toMatchObject({ body: [], ready: false });
    blog.posts.push({ id: 1 });
    expect(await api.read("/wp-json/wp/v2/posts")).toMatchObject({ body: [{ id: 1 }], ready: false });
    expect(blog.asked).toBe(2);
  });

  it("keeps each answer a minute once the blog is ready", async () => {
    const { blog, api } = fakeBlog();
    blog.ready = true;
    blog.posts.push({ id: 1 });
    expect(await api.read("/wp-json/wp/v2/posts")).toMatchObject({ body: [{ id: 1 }], ready: true });
    blog.posts.push({ id: 2 });
    expect(await api.read("/wp-json/wp/v2/posts")).toMatchObject({ body: [{ id: 1 }], ready: true });
    expect(blog.asked).toBe(1);
  });
});
