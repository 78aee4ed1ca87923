import { readFileSync } from "node:fs";

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps (MB): WebAssembly memory (PGlite:
 * an anonymous reservation of several GB, of which only the pages used are resident), the
 * malloc heap and other anonymous memory (V8's heap, glibc's per-thread arenas, native buffers),
 * and file-backed pages (the node binary, shared libraries).
 */
export function memoryMap(pid: number): { rss: number; wasm: number; anonymous: number; files: number } {
  const totals = { rss: 0, wasm: 0, anonymous: 0, files: 0 };
  let kind: "wasm" | "anonymous" | "files" = "anonymous";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = line.match(/^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/);
    if (mapping) {
      const size = Number.parseInt(mapping[2] as string, 16) - Number.parseInt(mapping[1] as string, 16);
      const name = mapping[3] ?? "";
      // WebAssembly memories are reserved whole with their guard pages (8 GB or more), far
      // beyond any other mapping of a node process.
      kind = name.startsWith("/") ? "files" : size >= 2 ** 32 ? "wasm" : "anonymous";
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss) {
      const kb = Number(rss[1]);
      totals.rss += kb;
      totals[kind] += kb;
    }
  }
  const mb = (kb: number) => Math.round(kb / 1024);
  return {
    rss: mb(totals.rss),
    wasm: mb(totals.wasm),
    anonymous: mb(totals.anonymous),
    files: mb(totals.files),
  };
}

export const describeMemory = (pid: number): string => {
  const m = memoryMap(pid);
  return `${m.rss} MB (WebAssembly ${m.wasm} MB, other anonymous ${m.anonymous} MB, files ${m.files} MB)`;
};
