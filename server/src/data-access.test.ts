import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rule of docs/architecture.md: every write to `orders` and `sites` lives in that table's
 * data-access module. A screen's read projection may join them elsewhere; a write may not.
 */
const MODULES: Record<string, string> = {
  orders: "orders/orders-table.ts",
  sites: "sites/sites-table.ts",
};

/** Drizzle's `.insert(orders)`, `.update(sites)`… and raw SQL's `update ${sites}`. */
const WRITE =
  /\.(?:insert|update|delete)\(\s*(orders|sites)\s*\)|\b(?:insert\s+into|update|delete\s+from)\s+\$\{(orders|sites)\}/g;

/** Every write to either table in server/src's code (tests aside), as "file:line what" by table. */
function writes(): { table: string; file: string; where: string }[] {
  const found: { table: string; file: string; where: string }[] = [];
  const src = import.meta.dirname;
  for (const entry of readdirSync(src, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(".ts") || entry.endsWith(".test.ts")) continue;
    const file = entry.split(path.sep).join("/");
    const text = readFileSync(path.join(src, entry), "utf8");
    for (const match of text.matchAll(WRITE)) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push({ table: (match[1] ?? match[2]) as string, file, where: `${file}:${line} ${match[0]}` });
    }
  }
  return found;
}

describe("data access of orders and sites", () => {
  it("writes each table only from its module", () => {
    const all = writes();
    // The scan sees the modules' own writes: it would see one elsewhere.
    for (const [table, module] of Object.entries(MODULES)) {
      expect(all.filter((w) => w.table === table && w.file === module).length).toBeGreaterThan(0);
    }
    const outside = all.filter((w) => w.file !== MODULES[w.table]).map((w) => w.where);
    expect(
      outside,
      "a write to orders or sites outside orders/orders-table.ts or sites/sites-table.ts",
    ).toEqual([]);
  });
});
