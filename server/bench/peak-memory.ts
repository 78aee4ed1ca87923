import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { runtimeDir } from "../src/wordpress/site-runtime.ts";

/**
 * Samples the resident memory of this process and of other processes, keeping the peaks (MB).
 * The other processes are looked up until found, then kept: a lookup runs `pgrep`, which would
 * stall this process (and the timings it measures) if it ran at every sample.
 */
export function peakMemory(otherPids: () => number[] = () => []) {
  let self = 0;
  let children = 0;
  let others: number[] = [];
  const sample = () => {
    self = Math.max(self, process.memoryUsage().rss);
    if (others.length === 0) others = otherPids();
    children = Math.max(
      children,
      others.reduce((sum, pid) => sum + rss(pid), 0),
    );
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return { self: Math.round(self / 2 ** 20), children: Math.round(children / 2 ** 20) };
    },
  };
}

function rss(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The PHP built-in server listening on this port, and its workers. */
/** nginx, php-fpm and their workers serving the sites of this data folder. */
export function siteServerPids(dataDir: string): number[] {
  const pgrep = (args: string[]) => {
    try {
      return execFileSync("pgrep", args, { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  return pgrep(["-f", runtimeDir(dataDir)]).flatMap((p) => [p, ...pgrep(["-P", String(p)])]);
}
