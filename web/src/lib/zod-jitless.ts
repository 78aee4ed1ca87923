import { config } from "zod/v4/core";

// The pages import the contracts' zod schemas, which the browser only builds, never runs. Our CSP
// forbids eval, and zod would probe for it (a CSP violation on every page) to compile parsers:
// it is told not to. The root route imports this first, so it runs before any schema is built.
config({ jitless: true });
