// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { capabilityComponentDirs, sourceFiles } from "../test/source-files";

// A capability's components call its `api/` functions (one file per endpoint, typed from
// `contracts/`), never the network themselves.
const features = path.dirname(fileURLToPath(import.meta.url));

const callsTheNetwork = (text: string) => /\b(fetchJson|adminFetch|adminPost|fetch)\s*[<(]/.test(text);

describe("capability components", () => {
  it("call their api/ functions, not fetch", () => {
    const dirs = capabilityComponentDirs(features);
    // The order page's ten capabilities at least: the walk reads real folders.
    expect(dirs.length).toBeGreaterThanOrEqual(10);
    const offenders = dirs
      .flatMap(sourceFiles)
      .filter((file) => callsTheNetwork(readFileSync(file, "utf8")))
      .map((file) => path.relative(features, file));
    expect(offenders).toEqual([]);
  });

  it("and so does every other file of a feature, outside its api/ folder", () => {
    const offenders = sourceFiles(features)
      .filter((file) => !file.split(path.sep).includes("api"))
      .filter((file) => !/admin-api\.ts$/.test(file))
      .filter((file) => callsTheNetwork(readFileSync(file, "utf8")))
      .map((file) => path.relative(features, file).split(path.sep).join("/"));
    expect(offenders).toEqual([]);
  });

  it("would notice one", () => {
    expect(callsTheNetwork("await fetchJson<BackupList>(url)")).toBe(true);
    expect(callsTheNetwork("adminPost(path, token, body)")).toBe(true);
    expect(callsTheNetwork("await getBackups(orderId, token)")).toBe(false);
  });
});
