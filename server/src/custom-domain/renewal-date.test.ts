import { describe, expect, it } from "vitest";
import { renewalDate } from "./domain-lifecycle.ts";

const DAY = 86_400_000;
const now = Date.parse("2026-11-24T06:00:00Z");
const valid = (days: number, from = now) => ({
  validFrom: new Date(from),
  expiresAt: new Date(from + days * DAY),
});

describe("when a certificate is renewed", () => {
  it("comes 30 days before the end of a 90-day certificate (Let's Encrypt's)", () => {
    expect(renewalDate(valid(90), now)).toEqual(new Date(now + 60 * DAY));
  });

  it("comes when a third of a shorter certificate's life is left", () => {
    expect(renewalDate(valid(45), now)).toEqual(new Date(now + 30 * DAY));
    expect(renewalDate(valid(6), now)).toEqual(new Date(now + 4 * DAY));
  });

  it("is never sooner than an hour away, even for a certificate already past its renewal date", () => {
    expect(renewalDate(valid(90, now - 80 * DAY), now)).toEqual(new Date(now + 3_600_000));
  });
});
