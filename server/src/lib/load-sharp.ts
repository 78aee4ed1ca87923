import type sharpModule from "sharp";

let loaded: Promise<typeof sharpModule> | undefined;

/**
 * The image library, loaded on first use: an idle server does not hold it (npm run bench:memory).
 * Its cache of decoded images is off: every image it sees (a blog cover, a Koza upload) is
 * worked on once, and the cache would keep up to 50 MB of them for nothing.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
