import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The image work of the product (sharp: Koza's uploads and illustrations, the blog's covers) runs
 * in a child process that ends once idle: decoding, resizing and drawing text with libvips leave
 * 100 MB and more in the memory of the process that does it (glibc's arenas and libvips' caches,
 * never given back), and the server would hold it from its first Koza run on (npm run
 * bench:memory, decision 0065). The child is started on the first task, takes every task that
 * comes while it runs, and exits after `IDLE_MS` without one.
 */
export interface ImageTasks {
  /** check-image.ts: an upload checked and re-encoded. */
  clean: { input: Buffer; output: { data: Buffer; mime: string; ext: string } };
  /** An SVG drawn as a JPEG (a Koza illustration) or a WebP (a blog cover). */
  rasterise: { input: { svg: string; format: "jpeg" | "webp"; quality: number }; output: Buffer };
}

export type ImageTask = keyof ImageTasks;

/** A task that failed in the image process, or that the image process ended without answering. */
export class ImageTaskError extends Error {}

/** How long the image process waits for another task before it ends. */
export const IDLE_MS = 30_000;
const script = fileURLToPath(new URL("./image-process-child.ts", import.meta.url));

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** The process the task was sent to: only its end fails the task. */
  process: ChildProcess;
}

let child: ChildProcess | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();
let idleTimer: NodeJS.Timeout | undefined;

function start(): ChildProcess {
  const started = fork(script, [], {
    execArgv: ["--import", "tsx"],
    // Buffers cross as they are (structured clone), not as JSON.
    serialization: "advanced",
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  started.on("message", (message: { id: number; value?: unknown; error?: string }) => {
    const task = pending.get(message.id);
    if (!task) return;
    pending.delete(message.id);
    if (message.error !== undefined) task.reject(new ImageTaskError(message.error));
    else task.resolve(message.value);
    idleLater();
  });
  started.once("exit", (code, signal) => {
    if (child === started) child = undefined;
    // An idle process ended by the timer may die after a new one took the next task: that task
    // is not this process's to fail (it was refused as "not an image" on a loaded machine).
    for (const [id, task] of pending) {
      if (task.process !== started) continue;
      pending.delete(id);
      task.reject(new ImageTaskError(`le traitement d'images s'est arrêté (${signal ?? code})`));
    }
  });
  // An idle child does not keep the server (or a test) running: only a task under way does.
  started.unref();
  return started;
}

function idleLater(): void {
  clearTimeout(idleTimer);
  if (pending.size > 0) return;
  const idle = child;
  idle?.channel?.unref();
  idleTimer = setTimeout(() => {
    if (idle && child === idle && pending.size === 0) {
      child = undefined;
      idle.kill();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

/** Runs one image task in the image process (started if need be). */
export function runImageTask<T extends ImageTask>(
  task: T,
  input: ImageTasks[T]["input"],
): Promise<ImageTasks[T]["output"]> {
  clearTimeout(idleTimer);
  child ??= start();
  const id = nextId++;
  const running = child;
  running.channel?.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject, process: running });
    running.send({ id, task, input }, (err) => {
      if (err && pending.delete(id)) reject(new ImageTaskError(err.message));
    });
  });
}

/** An SVG drawn as an image, by the image process. */
export async function rasterise(input: ImageTasks["rasterise"]["input"]): Promise<Buffer> {
  const image = await runImageTask("rasterise", input);
  return Buffer.from(image.buffer, image.byteOffset, image.byteLength);
}

/** The image process's PID while it runs (tests). */
export const imageProcessPid = (): number | undefined => child?.pid;
