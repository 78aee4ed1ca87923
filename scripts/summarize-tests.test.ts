import path from "node:path";
import { describe, expect, it } from "vitest";
import { summarize } from "./summarize-tests.mjs";
import { moduleSeconds } from "./vitest-extras-reporter.mjs";

// Small reports in the shape vitest's and Playwright's JSON reporters write.
const vitestFile = (name: string, seconds: number, failed = 0) => ({
  name: path.resolve(name),
  startTime: 1_000_000,
  endTime: 1_000_000 + seconds * 1000,
  status: failed ? "failed" : "passed",
  assertionResults: [],
});
const pglite = {
  numPassedTests: 40,
  numFailedTests: 1,
  numFailedTestSuites: 1,
  numPendingTests: 2,
  numTodoTests: 0,
  testResults: [
    vitestFile("server/src/a.test.ts", 12),
    vitestFile("server/src/b.test.ts", 3, 1),
    vitestFile("web/src/c.test.tsx", 0.4),
  ],
};
const postgres = {
  numPassedTests: 10,
  numFailedTests: 0,
  numFailedTestSuites: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [vitestFile("server/src/a.test.ts", 20)],
};
const result = (duration: number) => ({ duration, status: "passed" });
const playwright = {
  config: { rootDir: path.resolve("e2e") },
  stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 0 },
  errors: [],
  suites: [
    {
      file: "koza.spec.ts",
      specs: [{ tests: [{ results: [result(30_000)] }] }],
      // A describe block: its tests count for the file.
      suites: [{ specs: [{ tests: [{ results: [result(10_000), result(5_000)] }] }] }],
    },
    { file: "blog.spec.ts", specs: [{ tests: [{ results: [result(2_000)] }] }] },
  ],
};
const reports: Record<string, unknown> = {
  "pglite.json": pglite,
  "pg.json": postgres,
  "pw.json": playwright,
};
const read = (file: string) => reports[file];

describe("the test command's summary", () => {
  const { lines, failed } = summarize(
    [
      "step:check=0",
      "time:install=95",
      "time:check=61",
      "vitest@vitest PGlite:pglite.json",
      "vitest@vitest PostgreSQL:pg.json",
      "playwright@Playwright:pw.json",
    ],
    read,
  );

  it("ends with the plain count of every suite and step together", () => {
    // check (1) + 40 + 10 + 3 expected + 1 flaky; the failed file and its test count once.
    expect(lines.at(-1)).toBe("55 passed, 1 failed, 2 skipped");
    expect(failed).toBe(true);
  });

  it("gives each suite's counts first", () => {
    expect(lines.slice(0, 3)).toEqual([
      "vitest PGlite: 40 passed, 1 failed, 2 skipped",
      "vitest PostgreSQL: 10 passed, 0 failed",
      "Playwright: 4 passed, 0 failed",
    ]);
  });

  it("lists the slowest files of all suites together, slowest first, labelled", () => {
    const start = lines.indexOf("6 slowest test files:");
    expect(start).toBe(3);
    const rows = lines.slice(start + 1, start + 7).map((l) => l.trim().split(/\s{2,}/));
    expect(rows).toEqual([
      ["45.0 s", "Playwright", path.join("e2e", "koza.spec.ts")],
      ["20.0 s", "vitest PostgreSQL", path.join("server", "src", "a.test.ts")],
      ["12.0 s", "vitest PGlite", path.join("server", "src", "a.test.ts")],
      ["3.0 s", "vitest PGlite", path.join("server", "src", "b.test.ts")],
      ["2.0 s", "Playwright", path.join("e2e", "blog.spec.ts")],
      ["0.4 s", "vitest PGlite", path.join("web", "src", "c.test.tsx")],
    ]);
  });

  it("gives each step's time and their total, before the last line", () => {
    const start = lines.indexOf("Step times:");
    expect(lines.slice(start + 1, -1).map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ["install", "1 min 35 s"],
      ["check", "1 min 01 s"],
      ["total", "2 min 36 s"],
    ]);
  });

  it("takes the wall clock as the total when steps ran side by side", () => {
    const { lines } = summarize(["time:check=60", "time:browser=700", "time:wall=720"], read);
    expect(lines.slice(0, 4).map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ["Step times:"],
      ["check", "1 min 00 s"],
      ["browser", "11 min 40 s"],
      ["total", "12 min 00 s"],
    ]);
  });

  it("counts no time for a file that did not load", () => {
    const broken = {
      ...postgres,
      testResults: [{ ...vitestFile("server/src/x.test.ts", 0, 1), startTime: 0 }],
    };
    expect(summarize(["vitest@pg:b.json"], () => broken).lines[2]?.trim()).toMatch(/^0\.0 s\s+pg\s+/);
  });

  it("keeps only the 15 slowest files", () => {
    const many = {
      ...postgres,
      testResults: Array.from({ length: 20 }, (_, i) => vitestFile(`server/src/t${i}.test.ts`, i)),
    };
    const out = summarize(["vitest@pg:many.json"], () => many).lines;
    expect(out[1]).toBe("15 slowest test files:");
    expect(out[2]).toContain("19.0 s");
    expect(out).toHaveLength(1 + 1 + 15 + 1);
  });

  it("counts a missing report and a failed step as failures, and says so", () => {
    const out = summarize(["step:check=2", "vitest@vitest PGlite:gone.json"], () => undefined);
    expect(out.lines).toEqual([
      "check: failed (exit code 2)",
      "vitest PGlite: missing report gone.json",
      "0 passed, 2 failed",
    ]);
    expect(out.failed).toBe(true);
  });

  it("passes when every step passed and no report is missing", () => {
    expect(summarize(["step:check=0", "vitest@v:pg.json"], read)).toMatchObject({ failed: false });
  });
});

describe("each vitest file's real time, from the extras reporter", () => {
  // The JSON report framed a.test.ts's tests alone (12 s); its beforeAll started a server first.
  const extras = {
    failures: [],
    files: [
      { file: "server/src/a.test.ts", seconds: 27.5 },
      { file: "server/src/b.test.ts", seconds: 3.2 },
    ],
  };
  const files: Record<string, unknown> = { "pglite.json": pglite, "pglite.extras.json": extras };
  const { lines } = summarize(["vitest@vitest PGlite:pglite.json"], (f: string) => files[f]);

  it("ranks the files by the reporter's times, not the JSON report's", () => {
    const start = lines.indexOf("2 slowest test files:");
    expect(lines.slice(start + 1, start + 3).map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ["27.5 s", "vitest PGlite", "server/src/a.test.ts"],
      ["3.2 s", "vitest PGlite", "server/src/b.test.ts"],
    ]);
  });

  it("adds the harness, the import, the setup file and every hook and test of a file", () => {
    const d = {
      environmentSetupDuration: 100,
      prepareDuration: 400,
      collectDuration: 1_500,
      setupDuration: 500,
      duration: 13_800,
    };
    expect(moduleSeconds(d)).toBeCloseTo(16.3);
  });
});

describe("what failed, listed above the closing line", () => {
  const failures = [
    { file: "server/src/b.test.ts", kind: "test", name: "b > works", message: "expected 1 to be 2" },
    { file: "server/src/d.test.ts", kind: "suite", name: "d", message: "Hook timed out in 180000ms." },
    { file: "", kind: "unhandled", message: "PGlite is closed" },
  ];
  const failing = {
    ...playwright,
    stats: { ...playwright.stats, unexpected: 1 },
    suites: [
      {
        file: "admin.spec.ts",
        title: "admin.spec.ts",
        specs: [
          {
            title: "an order in error is resumed",
            tests: [
              {
                status: "unexpected",
                results: [{ duration: 1, error: { message: "\u001b[31mTimeout\u001b[39m\nmore" } }],
              },
            ],
          },
        ],
      },
    ],
  };
  const files: Record<string, unknown> = {
    "pglite.json": pglite,
    "pglite.extras.json": { failures },
    "pw.json": failing,
  };
  const { lines, failed } = summarize(
    ["vitest@vitest PGlite:pglite.json", "playwright@Playwright:pw.json"],
    (f: string) => files[f],
  );

  it("counts a suite whose beforeAll threw and an unhandled error as failures, beside the failed test", () => {
    expect(lines[0]).toBe("vitest PGlite: 40 passed, 3 failed, 2 skipped");
    expect(lines.at(-1)).toBe("44 passed, 4 failed, 2 skipped");
    expect(failed).toBe(true);
  });

  it("names each failure with its file, test and first message line, without colours", () => {
    const start = lines.indexOf("Failures (4):");
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start + 1, -1)).toEqual([
      "  vitest PGlite  server/src/b.test.ts b > works: expected 1 to be 2",
      "  vitest PGlite  server/src/d.test.ts (suite) d: Hook timed out in 180000ms.",
      "  vitest PGlite  (unhandled): PGlite is closed",
      "  Playwright  admin.spec.ts an order in error is resumed: Timeout",
    ]);
  });
});

describe("times past a minute", () => {
  it("round to whole seconds before splitting: 119.6 s is 2 min 00 s, never 1 min 60 s", () => {
    const slow = { ...postgres, testResults: [vitestFile("server/src/slow.test.ts", 119.6)] };
    const { lines } = summarize(["vitest@vitest PostgreSQL:slow.json"], () => slow);
    expect(lines.join("\n")).toContain("2 min 00 s");
    expect(lines.join("\n")).not.toContain("60 s");
  });
});
