/**
 * Draws featured images, then exits: run in a short-lived child process by drawFeaturedImages
 * (featured-image.ts says why). Reads the images' JSON inputs on stdin, writes the WebP images
 * on stdout as a JSON array of base64 strings, in the same order.
 */
import { type FeaturedImageInput, renderFeaturedImage } from "./featured-image.ts";

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const inputs = JSON.parse(Buffer.concat(chunks).toString()) as FeaturedImageInput[];
const images = await Promise.all(inputs.map(renderFeaturedImage));
process.stdout.write(JSON.stringify(images.map((image) => image.toString("base64"))));
