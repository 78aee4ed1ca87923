import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { laneFiles, laneFromEnv } from "./lanes.ts";

describe("the browser journeys' lanes", () => {
  it("deals the longest files first, each to the lane with the least time so far", () => {
    const seconds = { "a.spec.ts": 100, "b.spec.ts": 60, "c.spec.ts": 50, "d.spec.ts": 10 };
    const files = Object.keys(seconds);
    expect(laneFiles(1, 2, files, seconds)).toEqual(["a.spec.ts", "d.spec.ts"]);
    expect(laneFiles(2, 2, files, seconds)).toEqual(["b.spec.ts", "c.spec.ts"]);
  });

  it("counts a file never measured as a typical one, and loses none", () => {
    const seconds = { "a.spec.ts": 30, "b.spec.ts": 20, "c.spec.ts": 10 };
    const files = ["a.spec.ts", "b.spec.ts", "c.spec.ts", "new.spec.ts"];
    const lanes = [laneFiles(1, 2, files, seconds), laneFiles(2, 2, files, seconds)];
    expect(lanes.flat().sort()).toEqual(files);
    expect(lanes).toEqual([
      ["a.spec.ts", "c.spec.ts"],
      ["b.spec.ts", "new.spec.ts"],
    ]);
  });

  it("gives every spec of e2e/ to exactly one lane", () => {
    const specs = readdirSync(path.resolve(import.meta.dirname, "..")).filter((f) => f.endsWith(".spec.ts"));
    const lanes = [laneFromEnv("1/2") ?? [], laneFromEnv("2/2") ?? []];
    expect(lanes[0].length).toBeGreaterThan(0);
    expect(lanes[1].length).toBeGreaterThan(0);
    expect(lanes.flat().sort()).toEqual(specs.sort());
    expect(laneFromEnv(undefined)).toBeUndefined();
    expect(() => laneFromEnv("3/2")).toThrow(/E2E_LANE/);
  });
});
