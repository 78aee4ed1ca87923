import type { Context } from "../context.ts";
import { requestSite } from "../wordpress/site-request.ts";
import { readBlogCredentials } from "./blog-credentials.ts";

/** Subdomain of the embedded agency blog (reserved: no customer can take it). */
export const BLOG_SUBDOMAIN = "blog";

/** Where the agency blog lives: the agency's WordPress (BLOG_WP_URL), or the local blog site. */
export interface BlogSource {
  /** The blog's base address, e.g. http://blog.localhost:8080 (its media URLs start with it). */
  baseUrl: string;
  /** A GET to the blog; `path` starts with "/" and is relative to `baseUrl`. */
  get(path: string): Promise<Response>;
  /**
   * False while the blog is still being filled (the local blog on first start): its answers are
   * incomplete then, and must not be kept by anyone. Absent: always ready.
   */
  ready?(): Promise<boolean>;
}

export function blogSource(ctx: Pick<Context, "config" | "wordpress" | "secrets" | "db">): BlogSource {
  const configured = ctx.config.BLOG_WP_URL;
  if (!configured) {
    let seeded = false;
    return {
      baseUrl: ctx.wordpress.main.siteUrl(BLOG_SUBDOMAIN),
      get: (path) => ctx.wordpress.main.fetch(BLOG_SUBDOMAIN, path),
      // Read from the database until it says so, then never again (a blog stays seeded).
      ready: async () => {
        seeded ||= (await readBlogCredentials(ctx))?.seeded === true;
        return seeded;
      },
    };
  }
  const baseUrl = configured.replace(/\/+$/, "");
  return {
    baseUrl,
    get(path) {
      const url = new URL(baseUrl + path);
      // Like browsers, send *.localhost to loopback (Node's resolver does not).
      const connect = url.hostname.endsWith(".localhost") ? { host: "127.0.0.1" } : undefined;
      return requestSite(url, { headers: { Accept: "application/json, image/*" } }, connect);
    },
  };
}
