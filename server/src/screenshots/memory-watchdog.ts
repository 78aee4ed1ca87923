import { readdirSync, readFileSync } from "node:fs";

const read = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

/** The browser started with this profile, and every process under it (renderers, GPU, utilities). */
function browserTree(profile: string): number[] {
  const parents = new Map<number, number[]>();
  let root: number | undefined;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    // Field 4 of stat is the parent, after the command name in parentheses (which may hold spaces).
    const ppid = Number(read(`/proc/${pid}/stat`).split(") ")[1]?.split(" ")[1]);
    if (ppid) parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
    if (root === undefined) {
      const args = read(`/proc/${pid}/cmdline`).split("\0");
      if (args.includes(`--user-data-dir=${profile}`) && !args.some((a) => a.startsWith("--type=")))
        root = pid;
    }
  }
  if (root === undefined) return [];
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] as number) ?? []));
  return tree;
}

/** Proportional memory (shared pages split between their users) of the processes, in bytes. */
function memoryOf(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) kb += Number(/^Pss:\s+(\d+)/m.exec(read(`/proc/${pid}/smaps_rollup`))?.[1] ?? 0);
  return kb * 1024;
}

/**
 * Kills the browser using `profile` (all its processes) as soon as together they use more than
 * `limitBytes`, looked at twice a second; `exceeded` is then called with what they used. Linux
 * only (/proc). Returns the function that stops watching.
 */
export function watchBrowserMemory(
  profile: string,
  limitBytes: number,
  exceeded: (usedBytes: number) => void,
): () => void {
  const timer = setInterval(() => {
    const tree = browserTree(profile);
    const used = memoryOf(tree);
    if (used <= limitBytes) return;
    clearInterval(timer);
    for (const pid of tree) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    exceeded(used);
  }, 500);
  return () => clearInterval(timer);
}
