import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

describe("row types", () => {
  it("are declared once, in db/schema.ts, beside their tables: no file derives its own", () => {
    const offenders = sources(SRC)
      .filter((file) => path.relative(SRC, file) !== path.join("db", "schema.ts"))
      .filter((file) => readFileSync(file, "utf8").includes(`$infer${"Select"}`))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
