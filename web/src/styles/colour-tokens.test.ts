// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { capabilityComponentDirs } from "../test/source-files";

// The admin's and the order page's styles take their colours from the tokens of styles/app.css.
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tokenised = [
  "features/admin",
  "features/dashboard",
  "components/ui",
  ...capabilityComponentDirs(path.join(webSrc, "features")).map((dir) => path.relative(webSrc, dir)),
];

const hardCoded = (css: string) => css.match(/#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(/gi) ?? [];

describe("colours", () => {
  it("come from tokens in the admin's and the order page's styles", () => {
    const offenders = tokenised.flatMap((dir) =>
      readdirSync(path.join(webSrc, dir))
        .filter((name) => name.endsWith(".css"))
        .flatMap((name) =>
          hardCoded(readFileSync(path.join(webSrc, dir, name), "utf8")).map((c) => `${dir}/${name}: ${c}`),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("would notice one", () => {
    expect(hardCoded("a { color: #fff; background: rgb(6 50 74 / 45%); }")).toHaveLength(2);
    expect(hardCoded("a { color: var(--color-danger-700); }")).toEqual([]);
  });
});
