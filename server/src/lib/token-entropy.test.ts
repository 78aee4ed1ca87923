import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { tokenEntropyBits } from "./token-entropy.ts";

/**
 * The bytes of a random token, the same at every run: a random draw fails the check below now and
 * then (32 hexadecimal characters that are all digits are 106 bits here, 1 draw in 3.5 million).
 */
const sampleBytes = (i: number, size: number) =>
  createHash("sha512").update(`token ${i}`).digest().subarray(0, size);

describe("token entropy estimate", () => {
  it("scores random tokens by their alphabet and length", () => {
    for (let i = 0; i < 200; i++) {
      expect(tokenEntropyBits(sampleBytes(i, 16).toString("hex"))).toBeGreaterThanOrEqual(128);
      expect(tokenEntropyBits(sampleBytes(i, 16).toString("hex").toUpperCase())).toBeGreaterThanOrEqual(128);
      expect(tokenEntropyBits(sampleBytes(i, 32).toString("base64url"))).toBeGreaterThanOrEqual(128);
    }
    expect(tokenEntropyBits("0123456789abcdef0123456789abcdef")).toBe(128);
    expect(tokenEntropyBits("0123456789abcdef0123456789abcde")).toBeLessThan(128);
  });

  it("counts a pattern or a short alphabet for what it is", () => {
    expect(tokenEntropyBits("a".repeat(24))).toBe(0);
    expect(tokenEntropyBits("ab".repeat(40))).toBe(0);
    // Digits only are not hexadecimal's 16 symbols: 38 of them are 126 bits.
    expect(tokenEntropyBits("31415926535897932384626433832795028841")).toBeCloseTo(126.2, 1);
    expect(tokenEntropyBits("correct-horse")).toBeLessThan(128);
  });
});
