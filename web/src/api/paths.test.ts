// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../test/source-files";
import { apiPaths, withToken } from "./paths";

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pathsModule = path.join(webSrc, "api", "paths.ts");

/** The lines of `text` that write an API address by hand: a string or template starting with /api/. */
const handWritten = (text: string) =>
  text.split("\n").flatMap((line, i) => (/["'`]\/api\//.test(line) ? [`${i + 1}: ${line.trim()}`] : []));

describe("API addresses", () => {
  it("are written in api/paths.ts only", () => {
    const offenders = sourceFiles(webSrc)
      .filter((file) => file !== pathsModule)
      .flatMap((file) =>
        handWritten(readFileSync(file, "utf8")).map((line) => `${path.relative(webSrc, file)}:${line}`),
      );
    expect(offenders).toEqual([]);
  });

  it("would notice one", () => {
    expect(handWritten('fetchJson("/api/contact")')).toHaveLength(1);
    expect(handWritten("fetchJson(`/api/order/` + id)")).toHaveLength(1);
    expect(handWritten("// GET /api/directory gives them")).toEqual([]);
  });

  it("escape what they carry and add the token", () => {
    expect(apiPaths.mailboxPassword("o 1", "a+b@x.re")).toBe(
      "/api/order/o%201/mailboxes/a%2Bb%40x.re/password",
    );
    expect(withToken(apiPaths.backups("o1"), "t/k")).toBe("/api/order/o1/backups?token=t%2Fk");
    expect(withToken(apiPaths.adminOrders(new URLSearchParams({ page: "2" })), "t")).toBe(
      "/api/admin/orders?page=2&token=t",
    );
  });
});
