// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A capability's components call its `api/` functions (one file per endpoint, typed from
// `contracts/`), never the network themselves.
const features = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const callsTheNetwork = (text: string) => /\b(fetchJson|adminFetch|adminPost|fetch)\s*[<(]/.test(text);

describe("capability components", () => {
  it("call their api/ functions, not fetch", () => {
    const offenders = readdirSync(features, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(features, entry.name, "components"))
      .filter((dir) => {
        try {
          return readdirSync(dir).length > 0;
        } catch {
          return false;
        }
      })
      .flatMap(sources)
      .filter((file) => callsTheNetwork(readFileSync(file, "utf8")))
      .map((file) => path.relative(features, file));
    expect(offenders).toEqual([]);
  });

  it("would notice one", () => {
    expect(callsTheNetwork("await fetchJson<BackupList>(url)")).toBe(true);
    expect(callsTheNetwork("adminPost(path, token, body)")).toBe(true);
    expect(callsTheNetwork("await getBackups(orderId, token)")).toBe(false);
  });
});
