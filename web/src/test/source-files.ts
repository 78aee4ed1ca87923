import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** The TypeScript sources under `dir`, tests left out: what the guard tests read. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The `components/` folders of the capabilities under `features` (`features/<capability>/components`). */
export const capabilityComponentDirs = (features: string): string[] =>
  readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(features, entry.name, "components"))
    .filter((dir) => existsSync(dir));
