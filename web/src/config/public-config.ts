import type { PublicConfig } from "@lagon/contracts/public-config";

/** The browser-safe settings, fixed at build time (see vite.config.ts). */
export const publicConfig: PublicConfig = __PUBLIC_CONFIG__;
