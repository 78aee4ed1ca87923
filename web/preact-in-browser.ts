import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * The browser runs the pages on Preact's React-compatible runtime (decision 0017): React 19's
 * react-dom alone weighs more than the home page's JavaScript budget. The prerender (SSR build)
 * and the unit tests keep React itself; only the client bundle's imports are redirected.
 */
const TO_PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

export function preactInBrowser(): Plugin {
  return {
    name: "lagon:preact-in-browser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, _importer, options) {
      const target = TO_PREACT[source];
      if (!target) return null;
      // Resolved from this package, whichever dependency imports React.
      const resolved = await this.resolve(target, fileURLToPath(import.meta.url), {
        ...options,
        skipSelf: true,
      });
      if (!resolved) this.error(`${target} is not installed in the web package`);
      return resolved;
    },
  };
}
