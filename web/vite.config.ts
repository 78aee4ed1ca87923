import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { loadPublicConfig } from "./load-public-config.ts";
import { preactInBrowser } from "./preact-in-browser.ts";

// Read and validated once at build time: a bad value fails the build, not the browser.
const publicConfig = await loadPublicConfig(process.env);

export default defineConfig({
  plugins: [preactInBrowser(), reactRouter()],
  define: {
    __PUBLIC_CONFIG__: JSON.stringify(publicConfig),
  },
});
