import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { loadPublicConfig } from "./load-public-config.ts";

// Tests run with the defaults, whatever the environment of the machine.
const publicConfig = await loadPublicConfig({});

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  define: {
    __PUBLIC_CONFIG__: JSON.stringify(publicConfig),
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // Components rendered and cleaned up by each test (src/test/setup.ts): the files share one
    // worker's modules and document instead of each paying jsdom's and React's start-up.
    isolate: false,
    // A budget, not a speed check: a component walked through by user-event (the Koza wizard's
    // five steps) took over 5 s on a machine loaded at 15, and vitest's default failed it.
    testTimeout: 30_000,
  },
});
