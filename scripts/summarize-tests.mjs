// Adds up the JSON reports of every suite the test command ran and prints the closing line.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const arg of process.argv.slice(2)) {
  const [kind, file] = arg.split(":");
  if (kind === "step") {
    // A step without a report (lint, typecheck, a suite that crashed): "step:name=code".
    const code = Number(file?.split("=")[1]);
    if (code === 0) passed += 1;
    else failed += 1;
    continue;
  }
  if (!file || !existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (kind === "vitest") {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
    skipped += report.numPendingTests + report.numTodoTests;
  } else if (kind === "playwright") {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected + (report.errors?.length ?? 0);
    skipped += report.stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
