import { KOZA_MESSAGES } from "@lagon/contracts/koza";
import { badRequest } from "../lib/app-error.ts";
import { ImageTaskError, runImageTask } from "../lib/image-process.ts";
import { loadSharp } from "../lib/load-sharp.ts";

const FORMATS = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
} as const;
type Format = keyof typeof FORMATS;

export interface CleanImage {
  data: Buffer;
  mime: string;
  ext: string;
}

/** Largest side kept on the site, and the most pixels we agree to decode (no decompression bombs). */
const MAX_SIDE = 2000;
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Accepts a real JPEG, PNG or WebP, judged by its content (magic bytes, then a full decode),
 * never by its name or declared type; re-encodes it without any metadata (GPS position,
 * camera, author) and within 2000 px a side. The work is done by the image process.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  if (!sniff(bytes)) throw badRequest(KOZA_MESSAGES.badFile);
  try {
    const clean = await runImageTask("clean", bytes);
    return { ...clean, data: Buffer.from(clean.data.buffer, clean.data.byteOffset, clean.data.byteLength) };
  } catch (err) {
    // Refused by its decoder, or it ended the image process: either way this file is not taken.
    throw err instanceof ImageTaskError ? badRequest(KOZA_MESSAGES.badFile) : err;
  }
}

/** `cleanImage` in this process: the image process's own work. */
export async function cleanImageHere(input: Buffer | Uint8Array): Promise<CleanImage> {
  const bytes = Buffer.isBuffer(input)
    ? input
    : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const format = sniff(bytes);
  if (!format) throw badRequest(KOZA_MESSAGES.badFile);
  const sharp = await loadSharp();
  try {
    const data = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .toFormat(format, format === "jpeg" ? { quality: 85, mozjpeg: true } : {})
      .toBuffer();
    return { data, ...FORMATS[format] };
  } catch {
    throw badRequest(KOZA_MESSAGES.badFile);
  }
}

function sniff(b: Buffer): Format | undefined {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (b.length > 12 && b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WEBP")
    return "webp";
  return undefined;
}
