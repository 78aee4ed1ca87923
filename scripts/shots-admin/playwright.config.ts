/**
 * `npm run shots:admin`: screenshots of every admin screen, and their pixel comparison with an
 * earlier set (scripts/shots-admin/admin-screens.shots.ts). A tool for a change of the admin's
 * looks, never part of `npm test`.
 */
import "./fixed-admin-token.ts";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "../../playwright.config.ts";

const root = path.resolve(import.meta.dirname, "../..");
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "admin-screens.shots.ts",
  outputDir: path.join(root, `.test-output/shots-${port}`),
  reporter: "list",
  // The stack of the browser journeys, started from the repository's root.
  webServer: { ...(base.webServer as object), cwd: root } as typeof base.webServer,
});
