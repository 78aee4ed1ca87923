import { describe, expect, it } from "vitest";
import { stepProgress, stepsAsShown } from "./orders.ts";

const done = { status: "completed" as const, timestamp: "2026-11-22T09:00:00Z" };
const delivered = { payment: done, subdomain: done, wordpress: done, kit: done, email: done };

describe("stepsAsShown", () => {
  it("shows the kit step pending while the plan's kit waits, the other steps as recorded", () => {
    const shown = stepsAsShown(delivered, "waiting");
    expect(shown.kit).toEqual({ status: "pending", timestamp: null });
    expect(shown.wordpress).toBe(done);
    expect(stepProgress(shown)).toBe(0.8);
  });

  it("keeps the recorded steps once the kit is applied, off, absent or not yet run", () => {
    for (const status of ["applied", "off", "none", null, undefined] as const) {
      expect(stepsAsShown(delivered, status)).toBe(delivered);
    }
  });
});
