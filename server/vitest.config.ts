import { defineConfig } from "vitest/config";

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "server",
    environment: "node",
    // Multi-process tests need a PostgreSQL server: they form the PostgreSQL run's extra suite.
    include: ["src/**/*.test.ts", ...(process.env.TEST_DATABASE_URL ? ["test/**/*.pg.test.ts"] : [])],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["./test/fail-on-console-error.ts"],
  },
});
