// Rewrites e2e/durations.json, the weights that deal the browser journeys out to the lanes
// (e2e/support/lanes.ts), from a full run's Playwright JSON reports, then prints each lane's files
// and predicted seconds. Run it when the lanes' times drift apart (decision 0060):
//   node --import tsx scripts/e2e-durations.ts .test-output/playwright-3100.json .test-output/playwright-3400.json
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { laneFiles } from "../e2e/support/lanes.ts";
import { playwrightSeconds } from "./summarize-tests.mjs";

const E2E_DIR = path.resolve(import.meta.dirname, "../e2e");
const LANES = 2;

/**
 * Each spec's whole seconds from the reports; a spec they did not run keeps its previous time,
 * and a file that is no longer a spec is dropped. Longest first, as the file is read.
 */
export function durations(
  reports: unknown[],
  specs: string[],
  previous: Record<string, number>,
): Record<string, number> {
  const measured = new Map<string, number>();
  for (const report of reports) {
    for (const [file, seconds] of playwrightSeconds(report))
      measured.set(file, (measured.get(file) ?? 0) + seconds);
  }
  const out: Array<[string, number]> = [];
  for (const spec of specs) {
    const seconds = measured.has(spec) ? Math.round(measured.get(spec) ?? 0) : previous[spec];
    if (seconds !== undefined) out.push([spec, seconds]);
  }
  return Object.fromEntries(out.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/** Each lane's seconds by `times` when its files are dealt by `weights`. */
export function laneTotals(
  weights: Record<string, number>,
  times: Record<string, number>,
  lanes = LANES,
): number[] {
  const files = Object.keys(times);
  return Array.from({ length: lanes }, (_, i) =>
    laneFiles(i + 1, lanes, files, weights).reduce((sum, f) => sum + (times[f] ?? 0), 0),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const target = path.join(E2E_DIR, "durations.json");
  const previous = JSON.parse(readFileSync(target, "utf8")) as Record<string, number>;
  const reports = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, "utf8")));
  if (reports.length === 0) throw new Error("usage: e2e-durations.ts playwright-report.json…");
  const specs = readdirSync(E2E_DIR).filter((f) => f.endsWith(".spec.ts"));
  const next = durations(reports, specs, previous);
  writeFileSync(target, `${JSON.stringify(next, null, 2)}\n`);
  // Both dealings counted in the measured times: the lanes as they ran, and as they will.
  console.log(`lanes dealt by the previous times: ${laneTotals(previous, next).join(" s, ")} s`);
  console.log(`lanes dealt by the new times:      ${laneTotals(next, next).join(" s, ")} s`);
  for (let lane = 1; lane <= LANES; lane++) {
    console.log(`  lane ${lane}: ${laneFiles(lane, LANES, Object.keys(next), next).join(" ")}`);
  }
}
