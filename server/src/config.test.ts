import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "lagon-config-"));

describe("configuration", () => {
  it("starts on embedded defaults and generates the admin token once", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      PORT: 3000,
      BASE_DOMAIN: "localhost",
      PUBLIC_URL: "http://localhost:3000",
    });
    expect(first.DATABASE_URL).toBeUndefined();
    expect(first.adminTokenGenerated).toBe(true);
    expect(first.ADMIN_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "secrets", "admin-token"), "utf8")).toBe(first.ADMIN_TOKEN);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.ADMIN_TOKEN).toBe(first.ADMIN_TOKEN);
    expect(second.adminTokenGenerated).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ CONTACT_EMAIL: "pas-un-email" }, "CONTACT_EMAIL"],
    [{ ADMIN_TOKEN: "court" }, "ADMIN_TOKEN"],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, "STRIPE_WEBHOOK_SECRET"],
  ])("stops the boot on a bad value and names it: %o", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(name);
  });

  it("keeps generated secrets private to their owner", () => {
    const dir = tmp();
    loadConfig({ DATA_DIR: dir });
    for (const name of ["secret-key", "admin-token"]) {
      expect(statSync(path.join(dir, "secrets", name)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(path.join(dir, "secrets")).mode & 0o777).toBe(0o700);
  });
});
