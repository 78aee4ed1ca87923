/** Injected by Vite `define` from `readPublicConfig(process.env)` at build time. */
declare const __PUBLIC_CONFIG__: import("@lagon/contracts/public-config").PublicConfig;

/** The widget's French strings register themselves when imported; the module exports nothing we use. */
declare module "altcha/i18n/fr-fr";
