import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "contracts/vitest.config.ts",
      "server/vitest.config.ts",
      "web/vitest.config.ts",
      // The test command's own scripts (its summary).
      { test: { name: "scripts", environment: "node", include: ["scripts/**/*.test.ts"] } },
    ],
  },
});
