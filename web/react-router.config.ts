import { PUBLIC_PAGES } from "@lagon/contracts/public-pages";
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src",
  // WEB_BUILD_DIR lets several builds live side by side (parallel test runs); default web/build.
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  ssr: false,
  // Public pages are built to static HTML; every other route is served by build/client/__spa-fallback.html.
  prerender: [...PUBLIC_PAGES, "/robots.txt"],
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
