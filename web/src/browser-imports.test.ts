// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./test/source-files";

// The browser never parses with zod (the server validates), and zod would cost every page about
// 25 KB gzip and a CSP violation (it probes for eval). So the contracts keep their schemas in
// `*-schemas.ts` modules, which the pages may import for types only.
const webSrc = path.dirname(fileURLToPath(import.meta.url));
const contractsSrc = path.resolve(webSrc, "../../contracts/src");

/** The modules a file imports at run time (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^import (?!type\b)[^;]*?from "([^"]+)";/gms)].map((m) => m[1] as string);
}

/** Whether a contracts module, or one it imports, imports zod. */
function pullsZod(module: string, seen = new Set<string>()): boolean {
  if (seen.has(module)) return false;
  seen.add(module);
  return runtimeImports(module).some(
    (spec) =>
      spec === "zod" ||
      spec.startsWith("zod/") ||
      (spec.startsWith("./") && pullsZod(path.resolve(path.dirname(module), spec), seen)),
  );
}

describe("what the browser loads", () => {
  it("imports no zod, directly or through a contracts module", () => {
    const offenders = sourceFiles(webSrc).flatMap((file) =>
      runtimeImports(file)
        .filter((spec) => {
          if (spec === "zod" || spec.startsWith("zod/")) return true;
          const contract = spec.match(/^@lagon\/contracts\/(.+)$/)?.[1];
          return contract ? pullsZod(path.join(contractsSrc, `${contract}.ts`)) : false;
        })
        .map((spec) => `${path.relative(webSrc, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("would notice one", () => {
    expect(pullsZod(path.join(contractsSrc, "checkout-schemas.ts"))).toBe(true);
    expect(pullsZod(path.join(contractsSrc, "checkout.ts"))).toBe(false);
  });
});
