import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { laneFromEnv } from "./e2e/support/lanes.ts";

// Several runs can go side by side (parallel work): each picks its own E2E_PORT, and gets its
// own data, output folder and WordPress port from it.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const E2E_DATA_DIR = `.test-output/e2e-${PORT}`;
// A random admin token for each run, set here once: the server (webServer inherits this
// environment) and the test workers (started by this process) read the same value. 64 hex digits:
// even a draw without a letter scores over the 128 bits the configuration asks (32 did not, once in
// 3.4 million).
process.env.E2E_ADMIN_TOKEN ??= randomBytes(32).toString("hex");
// The test command runs the journeys in lanes side by side (E2E_LANE="1/2", each on its own
// E2E_PORT and so its own stack): this run takes its lane's files only.
const LANE_FILES = laneFromEnv(process.env.E2E_LANE);

export default defineConfig({
  testDir: "e2e",
  ...(LANE_FILES ? { testMatch: LANE_FILES.map((file) => `**/e2e/${file}`) } : {}),
  outputDir: `${E2E_DATA_DIR}/playwright`,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: `.test-output/playwright-${PORT}.json` }]]
    : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "fr-FR",
    timezoneId: "Indian/Reunion",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node --import tsx e2e/support/start-stack.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Let the server stop its PHP server (its own process group) instead of being killed.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
    // The lane, for the test ports its stack takes (site-checks.ts: one slice per lane).
    env: {
      E2E_PORT: String(PORT),
      E2E_DATA_DIR,
      ...(process.env.E2E_LANE ? { E2E_LANE: process.env.E2E_LANE } : {}),
    },
  },
});
