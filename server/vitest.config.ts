import { defineConfig } from "vitest/config";

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "server",
    environment: "node",
    // `*.pg.test.ts` need a PostgreSQL server (several processes on one database) and run only
    // in the PostgreSQL pass; `*.pglite.test.ts` and the WordPress driver tests, which do not
    // touch the product's database, run only in the PGlite pass.
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      ...(process.env.TEST_DATABASE_URL ? ["**/*.pglite.test.ts", "src/wordpress/**"] : ["**/*.pg.test.ts"]),
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["./test/fail-on-console-error.ts"],
    // The migrated database, made once for the run: each test file's database is a copy of it.
    globalSetup: ["./test/database-image.ts"],
  },
});
