import { describe, expect, it } from "vitest";
import { portSlice } from "./site-checks.ts";

describe("the test ports' slices", () => {
  it("gives each vitest worker and each browser lane's stack a slice of its own", () => {
    const slices = [
      portSlice({ VITEST_POOL_ID: "1" }),
      portSlice({ VITEST_POOL_ID: "2" }),
      portSlice({ E2E_LANE: "1/2" }),
      portSlice({ E2E_LANE: "2/2" }),
      // A developer's lone stack or script.
      portSlice({}),
    ];
    expect(new Set(slices).size).toBe(slices.length);
    // Two lanes side by side (scripts/test.sh) never share one: run 6 of stop 38 did.
    expect(portSlice({ E2E_LANE: "1/2" })).not.toBe(portSlice({ E2E_LANE: "2/2" }));
  });
});
