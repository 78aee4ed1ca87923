import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two files at a time on the two cores: a test file mostly waits (PHP installs a site, a job
    // polls, a child server starts), and vitest's default (cores - 1) is one file at a time here.
    maxWorkers: 2,
    projects: [
      "contracts/vitest.config.ts",
      "server/vitest.config.ts",
      "web/vitest.config.ts",
      // The test command's own scripts (its summary, the browser journeys' lanes).
      {
        test: {
          name: "scripts",
          environment: "node",
          include: ["scripts/**/*.test.ts", "e2e/support/*.test.ts"],
          isolate: false,
        },
      },
    ],
  },
});
