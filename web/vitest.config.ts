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
  },
});
