import type { KozaData } from "@lagon/contracts/koza-schemas";
import type { Config } from "../config.ts";
import type { Media } from "./blocks.ts";
import type { CleanImage } from "./check-image.ts";
import { drawIllustration } from "./illustrator.ts";
import { photoFromImagesApi } from "./images-api.ts";

/** A picture the site needs and the customer did not upload. */
export interface ImageRequest {
  /** Names the media in WordPress: koza-<submission>-image-<slot>. */
  slot: string;
  kind: "hero" | "about" | "service";
  index: number;
  /** What the picture shows, in the customer's words: the activity or a service's name. */
  subject: string;
  alt: string;
}

/** Makes one picture; never fails for a reason of its own (the embedded illustrator is the last resort). */
export type ImageMaker = (request: ImageRequest) => Promise<CleanImage>;

/** The pictures of the five pages, the customer's photos first. */
export interface PageImages {
  hero: Media;
  about: Media;
  services: Media[];
  /** The customer's photos only: the Réalisations page shows their work, never a made picture. */
  gallery: Media[];
}

/** The pictures to make for a site given `photoCount` uploaded photos. */
export function imageRequests(data: KozaData, photoCount: number): ImageRequest[] {
  const name = data.businessName.trim();
  const activity = data.businessType.trim();
  const requests: ImageRequest[] = [];
  if (photoCount < 1) {
    requests.push({
      slot: "hero",
      kind: "hero",
      index: 0,
      subject: activity,
      alt: `${name}, ${lower(activity)}`,
    });
  }
  if (photoCount < 2) {
    requests.push({ slot: "about", kind: "about", index: 0, subject: activity, alt: `L'univers de ${name}` });
  }
  data.services.forEach((service, index) => {
    if (photoCount < index + 1) {
      requests.push({
        slot: `service-${index + 1}`,
        kind: "service",
        index,
        subject: service.trim(),
        alt: `${service.trim()}, par ${name}`,
      });
    }
  });
  return requests;
}

/** Places the customer's photos and the made pictures (by slot) on the pages. */
export function pageImages(photos: Media[], made: Map<string, Media>): PageImages {
  const slot = (name: string) => {
    const m = made.get(name);
    if (!m) throw new Error(`image ${name} manquante`);
    return m;
  };
  return {
    hero: photos[0] ?? slot("hero"),
    about: photos[1] ?? slot("about"),
    services: [0, 1, 2].map((i) => photos[i] ?? slot(`service-${i + 1}`)),
    gallery: photos,
  };
}

/**
 * Real photos from an OpenAI-compatible images API when KOZA_IMAGE_URL is set, else the
 * embedded illustrations. The API failing (down, refused, not an image) is reported once to
 * `onFallback` and the rest of the run is illustrated: the site is built all the same.
 */
export function createImageMaker(
  config: Pick<Config, "KOZA_IMAGE_URL" | "KOZA_IMAGE_MODEL" | "KOZA_IMAGE_SIZE" | "KOZA_IMAGE_API_KEY">,
  data: KozaData,
  onFallback: (reason: string) => void,
): ImageMaker {
  const illustrate = async (request: ImageRequest): Promise<CleanImage> => ({
    data: await drawIllustration(data, request),
    mime: "image/jpeg",
    ext: "jpg",
  });
  const url = config.KOZA_IMAGE_URL;
  if (!url) return illustrate;
  const api = {
    url,
    model: config.KOZA_IMAGE_MODEL,
    size: config.KOZA_IMAGE_SIZE,
    apiKey: config.KOZA_IMAGE_API_KEY,
  };
  let failed = false;
  return async (request) => {
    if (!failed) {
      try {
        return await photoFromImagesApi(api, data, request);
      } catch (err) {
        failed = true;
        onFallback(err instanceof Error ? err.message : String(err));
      }
    }
    return illustrate(request);
  };
}

const lower = (s: string) => (/^[A-ZÀ-Ý][a-zà-ÿ]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
