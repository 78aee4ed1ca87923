/**
 * The image process (image-process.ts says why it is one): answers each task its parent sends,
 * with sharp, until its parent ends it or goes away.
 */
import { cleanImageHere } from "../koza/check-image.ts";
import type { ImageTask, ImageTasks } from "./image-process.ts";
import { loadSharp } from "./load-sharp.ts";

async function rasterise({ svg, format, quality }: ImageTasks["rasterise"]["input"]): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(svg));
  return (format === "jpeg" ? image.jpeg({ quality, mozjpeg: true }) : image.webp({ quality })).toBuffer();
}

const tasks: { [T in ImageTask]: (input: ImageTasks[T]["input"]) => Promise<ImageTasks[T]["output"]> } = {
  clean: cleanImageHere,
  rasterise,
};

process.on("message", async (message: { id: number; task: ImageTask; input: never }) => {
  try {
    const value = await tasks[message.task](message.input);
    process.send?.({ id: message.id, value });
  } catch (err) {
    process.send?.({ id: message.id, error: (err as Error).message });
  }
});
// The parent gone (killed), this process goes too.
process.on("disconnect", () => process.exit(0));
