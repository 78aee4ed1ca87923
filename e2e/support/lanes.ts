/**
 * The browser journeys split into lanes that run side by side, each against its own stack (its
 * own server, database, WordPress host and mail host, from its own E2E_PORT): no journey sees
 * another's orders, rate limits, billing clock or core template. Files are dealt out by their
 * last measured time (e2e/durations.json), longest first, each to the lane with the least so far.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const E2E_DIR = path.resolve(import.meta.dirname, "..");

/** The spec files of lane `lane` (1-based) of `lanes`, given each file's seconds. */
export function laneFiles(
  lane: number,
  lanes: number,
  files: string[],
  seconds: Record<string, number>,
): string[] {
  const known = files.map((f) => seconds[f]).filter((s): s is number => s !== undefined);
  const sorted = [...known].sort((a, b) => a - b);
  // A new file has not been measured yet: it counts as a typical one.
  const typical = sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)] : 1;
  const weight = (f: string) => seconds[f] ?? typical;
  const order = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const totals = new Array<number>(lanes).fill(0);
  const dealt: string[][] = Array.from({ length: lanes }, () => []);
  for (const file of order) {
    const least = totals.indexOf(Math.min(...totals));
    totals[least] += weight(file);
    dealt[least].push(file);
  }
  return dealt[lane - 1].sort();
}

/** The files of the lane named by E2E_LANE ("1/2"), or undefined for every file. */
export function laneFromEnv(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) {
    throw new Error(`E2E_LANE must look like "1/2", not "${value}"`);
  }
  const files = readdirSync(E2E_DIR).filter((f) => f.endsWith(".spec.ts"));
  const seconds = JSON.parse(readFileSync(path.join(E2E_DIR, "durations.json"), "utf8")) as Record<
    string,
    number
  >;
  return laneFiles(Number(match[1]), Number(match[2]), files, seconds);
}
