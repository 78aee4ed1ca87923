// A vitest reporter that writes to the JSON file named by VITEST_EXTRAS_FILE what vitest's JSON
// report leaves out, for scripts/summarize-tests.mjs:
// - `failures`: failed tests, errors of a file or a suite (a `beforeAll` that threw, whose tests
//   vitest then reports as skipped) and unhandled errors. The summary prints them just above the
//   closing line, where CI's tail shows them, and counts each error outside a test as a failure.
// - `files`: each file's real time. The JSON report's start and end frame the tests only, so a
//   file that does its work in `beforeAll` (start a server, provision a site) looked instant there.
import { writeFileSync } from "node:fs";
import path from "node:path";

/** The first lines of an error: enough to know what broke, short enough for a CI tail. */
const firstLines = (error) =>
  String(error?.message ?? error?.stack ?? error)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 3)
    .join(" / ");

/** A file's seconds: its harness, its import, its setup file, and all its tests and hooks. */
export const moduleSeconds = (d) =>
  (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;

export default class ExtrasReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_EXTRAS_FILE;
    if (!file) return;
    const failures = [];
    const files = [];
    for (const module of testModules) {
      const where = path.relative(this.root, module.moduleId);
      files.push({ file: where, seconds: moduleSeconds(module.diagnostic()) });
      for (const error of module.errors())
        failures.push({ file: where, kind: "file", message: firstLines(error) });
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors())
          failures.push({ file: where, kind: "suite", name: suite.fullName, message: firstLines(error) });
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== "failed") continue;
        failures.push({
          file: where,
          kind: "test",
          name: test.fullName,
          message: firstLines(result.errors?.[0]),
        });
      }
    }
    for (const error of unhandledErrors)
      failures.push({ file: "", kind: "unhandled", message: firstLines(error) });
    writeFileSync(file, JSON.stringify({ failures, files }, null, 2));
  }
}
