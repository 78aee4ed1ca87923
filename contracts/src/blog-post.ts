/** One size of an image as WordPress describes it. */
interface MediaSize {
  source_url: string;
  width: number;
  height: number;
}

/** A post of the agency blog, as its REST API answers with `_embed` (the fields the site reads). */
export interface BlogPost {
  id: number;
  slug: string;
  /** Local time of the blog, without offset. */
  date: string;
  /** UTC, without the "Z". */
  date_gmt?: string;
  /** UTC, without the "Z". */
  modified_gmt?: string;
  title: { rendered: string };
  excerpt: { rendered: string };
  content: { rendered: string };
  _embedded?: {
    "wp:featuredmedia"?: {
      source_url?: string;
      alt_text?: string;
      media_details?: { width?: number; height?: number; sizes?: Record<string, MediaSize> };
    }[];
  };
}

/** When the post was published, as a Date (its UTC time when the blog gives it). */
export function publishedAt(post: BlogPost): Date {
  return new Date(post.date_gmt ? `${post.date_gmt}Z` : post.date);
}

export interface FeaturedImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
}

/** The post's featured image with its sizes, or undefined when it has none. */
export function featuredImage(post: BlogPost): FeaturedImage | undefined {
  const media = post._embedded?.["wp:featuredmedia"]?.[0];
  if (!media?.source_url) return undefined;
  const width = media.media_details?.width ?? 1200;
  const height = media.media_details?.height ?? 630;
  const sizes = Object.values(media.media_details?.sizes ?? {}).filter(
    // Cropped sizes (the square thumbnail) would change the picture's shape.
    (s) => Math.abs(s.width / s.height - width / height) < 0.02,
  );
  const srcSet = [...new Set(sizes.map((s) => `${s.source_url} ${s.width}w`))].join(", ");
  return { src: media.source_url, srcSet: srcSet || undefined, width, height, alt: media.alt_text ?? "" };
}

/**
 * How wide a card's image shows in the blog list, for the browser to pick among its sizes. The
 * server's preload of the first card's image gives the same, so that the browser reuses it.
 */
export const POST_CARD_IMAGE_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw";
