import { createHmac } from "node:crypto";
import { realpathSync } from "node:fs";
import net from "node:net";

/** Another live process holds the embedded data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(`data folder ${dataDir} is held by another process (pid ${holderPid ?? "unknown"})`);
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Holds the embedded data folder for this process: a socket bound in Linux's abstract namespace
 * under a name derived from the folder's real path. The kernel frees the name when the process
 * dies, however it dies, so a crash never leaves a stale lock (decision 0020). The name is keyed
 * by SECRET_KEY: the sites' PHP, on the same machine, cannot take it first to block a start.
 */
export async function lockDataDir(dataDir: string, secretKey: string): Promise<DataDirLock> {
  const name = `\0lagon-data-${createHmac("sha256", secretKey).update(realpathSync(dataDir)).digest("hex").slice(0, 40)}`;
  // Whoever knocks learns who holds the folder, for the refusal message.
  const server = net.createServer((socket) => socket.end(String(process.pid)));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ path: name }, resolve);
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    throw new DataDirLockedError(dataDir, await holderPid(name));
  }
  server.unref();
  return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function holderPid(name: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect({ path: name });
    socket.setTimeout(2000, () => socket.destroy());
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", () => resolve(undefined));
    socket.on("close", () => resolve(Number.parseInt(answer, 10) || undefined));
  });
}
