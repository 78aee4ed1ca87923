import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-csp-")),
    SERVE_WEB: "false",
    ADMIN_TOKEN: "0123456789abcdef0123456789abcdef",
    ...env,
  });

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("content security policy and the chat", () => {
  it("keeps every directive to our own origin without Crisp: our chat needs nothing else", () => {
    const csp = directives(contentSecurityPolicy(config()));
    for (const name of ["script-src", "connect-src", "frame-src", "font-src"]) {
      expect(csp[name], name).toEqual(["'self'"]);
    }
    expect(JSON.stringify(csp)).not.toContain("crisp");
  });

  it("opens Crisp's hosts, and only those, when CRISP_WEBSITE_ID is set", () => {
    const csp = directives(contentSecurityPolicy(config({ CRISP_WEBSITE_ID: "crisp-site-id" })));
    expect(csp["script-src"]).toEqual(["'self'", "https://client.crisp.chat", "https://*.crisp.chat"]);
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://client.crisp.chat",
      "https://*.crisp.chat",
      "wss://client.relay.crisp.chat",
    ]);
    expect(csp["frame-src"]).toContain("https://*.crisp.chat");
  });
});
