import { describe, expect, it } from "vitest";
import { durations, laneTotals } from "./e2e-durations.ts";

// Two lanes' reports in the shape Playwright's JSON reporter writes.
const result = (ms: number) => ({ duration: ms, status: "passed" });
const lane1 = {
  suites: [
    {
      file: "a.spec.ts",
      specs: [{ tests: [{ results: [result(40_400)] }] }],
      suites: [{ specs: [{ tests: [{ results: [result(20_000), result(10_000)] }] }] }],
    },
  ],
};
const lane2 = { suites: [{ file: "b.spec.ts", specs: [{ tests: [{ results: [result(29_600)] }] }] }] };

describe("the browser lanes' measured times", () => {
  it("takes each spec's seconds from the reports, keeps an unmeasured spec's and drops a removed file's", () => {
    const next = durations([lane1, lane2], ["a.spec.ts", "b.spec.ts", "c.spec.ts"], {
      "a.spec.ts": 5,
      "c.spec.ts": 12,
      "gone.spec.ts": 99,
    });
    expect(next).toEqual({ "a.spec.ts": 70, "b.spec.ts": 30, "c.spec.ts": 12 });
    expect(Object.keys(next)).toEqual(["a.spec.ts", "b.spec.ts", "c.spec.ts"]);
  });

  it("counts each lane in the measured times, whichever times dealt it", () => {
    const measured = { "a.spec.ts": 100, "b.spec.ts": 60, "c.spec.ts": 50, "d.spec.ts": 10 };
    // Stale weights put the two long files in one lane.
    const stale = { "a.spec.ts": 60, "b.spec.ts": 50, "c.spec.ts": 100, "d.spec.ts": 10 };
    expect(laneTotals(stale, measured)).toEqual([60, 160]);
    expect(laneTotals(measured, measured)).toEqual([110, 110]);
  });
});
