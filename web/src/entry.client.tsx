import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInSteps, nextTask } from "./components/layout/hydrate-later";

/**
 * Gets React Router ready before hydration, each step in a task of its own so that none blocks
 * the page for long. HydratedRouter, called outside a render, does its module-level work first:
 * the first call starts decoding the page's state and suspends (throws a promise) until it is
 * done; the next one creates the router, then stops at its first hook (outside a render, the
 * hook throws, which is expected). React would wait for the decoding at the root by itself;
 * Preact, which runs the pages in the browser (decision 0017), would drop the prerendered
 * document instead, so the decoding must be over before hydration starts.
 */
async function prepareRouter(): Promise<void> {
  for (let step = 0; step < 2; step++) {
    try {
      HydratedRouter({});
    } catch (thrown) {
      if (thrown instanceof Promise) await thrown;
    }
    await nextTask();
  }
}

/**
 * The SPA fallback, which private pages load, holds a loading message, not the page: the page
 * renders over it in one go. Only prerendered pages hydrate in steps.
 */
function isSpaFallback(): boolean {
  return (
    (window as { __reactRouterContext?: { isSpaMode?: boolean } }).__reactRouterContext?.isSpaMode === true
  );
}

await prepareRouter();
hydrateInSteps(
  () =>
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    ),
  { inSteps: !isSpaFallback() },
);
