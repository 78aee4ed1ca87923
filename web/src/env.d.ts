/** Injected by Vite `define` from `readPublicConfig(process.env)` at build time. */
declare const __PUBLIC_CONFIG__: import("@lagon/contracts/public-config").PublicConfig;
