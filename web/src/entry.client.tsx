import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * HydratedRouter's first render decodes the page's state and suspends (throws a promise) until
 * it is done. React waits at the root by itself; Preact, which runs the pages in the browser
 * (decision 0017), would drop the prerendered document instead. So the decoding is started and
 * awaited before hydration, which then renders in one pass over the existing HTML.
 */
async function decodeRouterState(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

await decodeRouterState();
hydrateRoot(
  document,
  <StrictMode>
    <HydratedRouter />
  </StrictMode>,
);
