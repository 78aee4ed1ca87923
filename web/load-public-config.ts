import type { PublicConfig } from "@lagon/contracts/public-config";
import { runnerImport } from "vite";

type PublicConfigModule = typeof import("@lagon/contracts/public-config");

/**
 * Vite bundles its config files but leaves package imports to Node, which cannot load the
 * TypeScript sources of @lagon/contracts: import the module through Vite's own transform instead.
 */
export async function loadPublicConfig(env: Record<string, string | undefined>): Promise<PublicConfig> {
  const { module } = await runnerImport<PublicConfigModule>("@lagon/contracts/public-config", {
    configFile: false,
    logLevel: "error",
  });
  return module.readPublicConfig(env);
}
