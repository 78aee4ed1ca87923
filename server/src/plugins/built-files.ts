import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** One file of the web build, held in memory with the compressed copies the build wrote. */
export interface BuiltFile {
  type: string;
  cacheControl: string;
  etag: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/** Hashed names never change: a year, immutable. The rest (favicon, guides): five minutes. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";

/**
 * Every file of the web build's client directory but its pages, by URL path. Read once
 * at start: the build never changes under a running server, and a phone loading a page asks
 * for a dozen of them at once, which then cost no disk access and no stream each.
 */
export function loadBuiltFiles(clientDir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  for (const file of listFiles(clientDir)) {
    const ext = path.extname(file);
    // Pages are served apart; .br and .gz are copies of the file beside them.
    if (ext === ".html" || ext === ".br" || ext === ".gz") continue;
    const type = TYPES[ext] ?? "application/octet-stream";
    const rel = path.relative(clientDir, file).split(path.sep).join("/");
    const raw = readFileSync(file);
    files.set(`/${rel}`, {
      type,
      cacheControl: rel.startsWith("assets/") ? IMMUTABLE : SHORT,
      etag: `"${createHash("sha256").update(raw).digest("base64url").slice(0, 22)}"`,
      raw,
      br: readIfPresent(`${file}.br`),
      gzip: readIfPresent(`${file}.gz`),
    });
  }
  return files;
}

/** The copy to send for an Accept-Encoding header: brotli, then gzip, else the file itself. */
export function pickEncoding(
  file: BuiltFile,
  acceptEncoding = "",
): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(";")[0]),
  );
  if (file.br && accepted.has("br")) return { body: file.br, encoding: "br" };
  if (file.gzip && accepted.has("gzip")) return { body: file.gzip, encoding: "gzip" };
  return { body: file.raw };
}

function readIfPresent(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith(".")) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}
