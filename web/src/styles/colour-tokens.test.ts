// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every style of the web app takes its colours from the tokens of styles/app.css, which alone
// declares them.
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith(".css") ? [full] : [];
  });
const tokenised = cssFiles(webSrc).filter((file) => file !== path.join(webSrc, "styles", "app.css"));

const hardCoded = (css: string) => css.match(/#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(/gi) ?? [];

describe("colours", () => {
  it("come from tokens in every style but the one that declares them", () => {
    // The walk reads real files: the admin's, the order page's, the marketing pages'…
    expect(tokenised.length).toBeGreaterThan(10);
    const offenders = tokenised.flatMap((file) =>
      hardCoded(readFileSync(file, "utf8")).map((c) => `${path.relative(webSrc, file)}: ${c}`),
    );
    expect(offenders).toEqual([]);
  });

  it("would notice one", () => {
    expect(hardCoded("a { color: #fff; background: rgb(6 50 74 / 45%); }")).toHaveLength(2);
    expect(hardCoded("a { color: var(--color-danger-700); }")).toEqual([]);
  });
});
