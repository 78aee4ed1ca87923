import { describe, expect, it } from "vitest";
import { alteredToken } from "../../test/factories.ts";
import { randomToken, SecretBox, safeEqual } from "./secrets.ts";

describe("secrets", () => {
  it("makes tokens of at least 128 random bits", () => {
    const a = randomToken();
    expect(Buffer.from(a, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(a).not.toBe(randomToken());
  });

  it("compares equal and different secrets", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });

  it("seals and opens, and refuses a tampered value", () => {
    const box = new SecretBox("11".repeat(32));
    const sealed = box.seal("mot de passe");
    expect(sealed).not.toContain("mot de passe");
    expect(box.open(sealed)).toBe("mot de passe");
    const parts = sealed.split(".");
    const tampered = [...parts.slice(0, -1), alteredToken(parts.at(-1) ?? "")].join(".");
    expect(() => box.open(tampered)).toThrow();
  });
});
