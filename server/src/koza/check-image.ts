import { KOZA_MESSAGES } from "@lagon/contracts/koza";
import sharp from "sharp";
import { badRequest } from "../lib/app-error.ts";

const FORMATS = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
type Format = keyof typeof FORMATS;

/**
 * Accepts a real JPEG, PNG or WebP, judged by its content (magic bytes, then a full decode),
 * never by its name; re-encodes it without metadata (GPS, camera) and within 2000 px.
 */
export async function cleanImage(bytes: Buffer): Promise<{ data: Buffer; mime: string; ext: string }> {
  const format = sniff(bytes);
  if (!format) throw badRequest(KOZA_MESSAGES.badFile);
  try {
    const image = sharp(bytes, { failOn: "error" })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: "inside", withoutEnlargement: true });
    const data = await image
      .toFormat(format, format === "jpeg" ? { quality: 85, mozjpeg: true } : {})
      .toBuffer();
    return { data, mime: FORMATS[format], ext: format === "jpeg" ? "jpg" : format };
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
