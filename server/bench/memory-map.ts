import { readFileSync } from "node:fs";

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps (MB): anonymous memory (V8's
 * heap, PGlite's WebAssembly memory and code, glibc's arenas, native buffers) and file-backed
 * pages (the node binary, shared libraries).
 */
export function memoryMap(pid: number): { rss: number; anonymous: number; files: number } {
  const kb = { anonymous: 0, files: 0 };
  let kind: keyof typeof kb = "anonymous";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = line.match(/^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/);
    if (mapping) {
      kind = mapping[1]?.startsWith("/") ? "files" : "anonymous";
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss) kb[kind] += Number(rss[1]);
  }
  const mb = (n: number) => Math.round(n / 1024);
  return { rss: mb(kb.anonymous + kb.files), anonymous: mb(kb.anonymous), files: mb(kb.files) };
}

export const describeMemory = (pid: number): string => {
  const m = memoryMap(pid);
  return `${m.rss} MB (anonymous ${m.anonymous} MB, files ${m.files} MB)`;
};
