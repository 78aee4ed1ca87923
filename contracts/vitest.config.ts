import { defineConfig } from "vitest/config";

export default defineConfig({
  root: import.meta.dirname,
  // Pure functions: the files share one worker's modules instead of each paying its start-up.
  test: { name: "contracts", environment: "node", include: ["src/**/*.test.ts"], isolate: false },
});
