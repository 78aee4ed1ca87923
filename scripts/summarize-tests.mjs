// Adds up the JSON reports of every suite the test command ran and prints, in this order: each
// suite's counts, the slowest test files, each step's time, what failed, and the closing
// "N passed, N failed".
// Arguments:
//   step:NAME=CODE            a step without a report (lint and typecheck, a server that did not start)
//   time:NAME=SECONDS         how long a step took, as scripts/test.sh measured it; time:wall=SECONDS
//                             is the whole command's wall clock, the total when steps overlap
//   vitest@LABEL:FILE         a vitest JSON report; FILE with .extras.json in place of .json is
//                             what scripts/vitest-extras-reporter.mjs wrote beside it, if any
//   playwright@LABEL:FILE     a Playwright JSON report
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SLOWEST = 15;
const FAILURES_SHOWN = 20;

// Terminal colours out: the summary is read in a plain log.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");

/** Where the extras reporter wrote, beside a vitest JSON report. */
export const extrasFileOf = (report) => report.replace(/\.json$/, ".extras.json");

/** The failed tests of a Playwright report: [{ file, name, message }]. */
function playwrightFailures(report) {
  const out = [];
  const walk = (suite, file, titles) => {
    const here = suite.file ?? file;
    const titlePath = suite.title && suite.title !== here ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.at(-1);
        const message =
          String(last?.error?.message ?? "")
            .split("\n")
            .find((l) => l.trim() !== "") ?? "";
        out.push({ file: here, name: [...titlePath, spec.title].join(" › "), message });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here, titlePath);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file, []);
  for (const error of report.errors ?? [])
    out.push({ file: "", name: "", message: String(error.message ?? "") });
  return out;
}

/**
 * The files of a vitest report: [{ file, seconds }]. Only when the extras reporter wrote nothing:
 * the report's start and end frame the tests alone, leaving out the file's `beforeAll`.
 */
function vitestFiles(report) {
  return (report.testResults ?? []).map((r) => ({
    file: path.relative(process.cwd(), r.name),
    // A file that did not load has no start: it took no test time.
    seconds: r.startTime && r.endTime ? Math.max(0, r.endTime - r.startTime) / 1000 : 0,
  }));
}

/**
 * Each spec file's seconds in a Playwright report, its path relative to the report's test folder:
 * the time of every try of every test, added up by file.
 */
export function playwrightSeconds(report) {
  const byFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          byFile.set(here, (byFile.get(here) ?? 0) + (result.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return byFile;
}

/** The files of a Playwright report: [{ file, seconds }]. */
function playwrightFiles(report) {
  const dir = report.config?.rootDir ? path.relative(process.cwd(), report.config.rootDir) : "";
  return [...playwrightSeconds(report)].map(([file, seconds]) => ({
    file: dir ? path.join(dir, file) : file,
    seconds,
  }));
}

// Whole seconds past a minute, rounded first: 119.6 s is "2 min 00 s", never "1 min 60 s".
const formatSeconds = (s) => {
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
};

/**
 * The summary's lines, and whether anything failed. `read` returns a report's parsed JSON, or
 * undefined when the file is missing.
 */
export function summarize(args, read) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const suites = [];
  const files = [];
  const times = [];
  const failures = [];
  for (const arg of args) {
    const colon = arg.indexOf(":");
    const [kind, label = kind] = arg.slice(0, colon).split("@");
    const rest = arg.slice(colon + 1);
    if (kind === "step") {
      const code = Number(rest.split("=")[1]);
      if (code === 0) passed += 1;
      else {
        failed += 1;
        suites.push(`${rest.split("=")[0]}: failed (exit code ${code})`);
      }
      continue;
    }
    if (kind === "time") {
      const [name, seconds] = rest.split("=");
      times.push({ name, seconds: Number(seconds) });
      continue;
    }
    const report = read(rest);
    if (!report) {
      suites.push(`${label}: missing report ${rest}`);
      failed += 1;
      continue;
    }
    let p = 0;
    let f = 0;
    let s = 0;
    if (kind === "vitest") {
      p = report.numPassedTests;
      s = report.numPendingTests + report.numTodoTests;
      const extras = read(extrasFileOf(rest));
      files.push(...(extras?.files ?? vitestFiles(report)).map((x) => ({ ...x, label })));
      const listed = extras?.failures;
      if (Array.isArray(listed)) {
        // A file or suite error (a beforeAll that threw: its tests count as skipped) and an
        // unhandled error are failures of their own; failed tests are already in the report.
        f = report.numFailedTests + listed.filter((x) => x.kind !== "test").length;
        failures.push(...listed.map((x) => ({ ...x, label })));
      } else {
        f = report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
      }
    } else if (kind === "playwright") {
      p = report.stats.expected + report.stats.flaky;
      f = report.stats.unexpected + (report.errors?.length ?? 0);
      s = report.stats.skipped;
      files.push(...playwrightFiles(report).map((x) => ({ ...x, label })));
      failures.push(...playwrightFailures(report).map((x) => ({ ...x, label })));
    }
    passed += p;
    failed += f;
    skipped += s;
    suites.push(`${label}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""}`);
  }

  const lines = [...suites];
  if (files.length > 0) {
    const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
    const width = Math.max(...slowest.map((x) => x.label.length));
    lines.push(`${slowest.length} slowest test files:`);
    for (const x of slowest)
      lines.push(`  ${formatSeconds(x.seconds).padStart(12)}  ${x.label.padEnd(width)}  ${x.file}`);
  }
  const wall = times.find((t) => t.name === "wall");
  const steps = times.filter((t) => t !== wall);
  if (steps.length > 0) {
    const width = Math.max(...steps.map((t) => t.name.length), "total".length);
    lines.push("Step times:");
    for (const t of steps) lines.push(`  ${t.name.padEnd(width)}  ${formatSeconds(t.seconds).padStart(12)}`);
    // Steps that ran side by side overlap: the wall clock, when given, is the total.
    const total = wall?.seconds ?? steps.reduce((sum, t) => sum + t.seconds, 0);
    lines.push(`  ${"total".padEnd(width)}  ${formatSeconds(total).padStart(12)}`);
  }
  if (failures.length > 0) {
    // Last before the count: a CI log's tail shows which test broke and why.
    lines.push(`Failures (${failures.length}):`);
    for (const x of failures.slice(0, FAILURES_SHOWN)) {
      const where = [x.file, x.kind && x.kind !== "test" ? `(${x.kind})` : "", x.name]
        .filter(Boolean)
        .join(" ");
      lines.push(`  ${x.label}  ${where}: ${plain(x.message).slice(0, 300)}`);
    }
    if (failures.length > FAILURES_SHOWN) lines.push(`  … and ${failures.length - FAILURES_SHOWN} more`);
  }
  lines.push(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  return { lines, failed: failed > 0 };
}

const readReport = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { lines, failed } = summarize(process.argv.slice(2), readReport);
  for (const line of lines) console.log(line);
  process.exit(failed ? 1 : 0);
}
