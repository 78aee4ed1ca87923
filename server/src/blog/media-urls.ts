/** Where the blog's uploaded files are served on our own origin (the CSP allows only 'self'). */
export const PROXIED_UPLOADS_PREFIX = "/blog/wp-content/uploads/";

/**
 * Rewrites every address of the blog's uploaded files, anywhere in a REST answer (featured
 * media, image sizes, `<img>` and `srcset` in the content), to go through our own origin.
 */
export function rewriteMediaUrls<T>(value: T, blogBaseUrl: string): T {
  const from = `${blogBaseUrl}/wp-content/uploads/`;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v.replaceAll(from, PROXIED_UPLOADS_PREFIX);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
