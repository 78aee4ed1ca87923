import { type ReactNode, Suspense } from "react";

/** True while the browser hydrates the prerendered page (set around hydrateRoot by entry.client). */
let deferring = false;
/** <HydrateLater> parts of the first hydration not hydrated yet. */
let pending = 0;

/** Marks the document once the whole page has hydrated (the browser tests wait for it). */
function markHydrated(): void {
  document.documentElement.dataset.hydrated = "";
}

/** Callers of nextTask() waiting, in order; each message on the channel wakes the first. */
const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;

/**
 * Resolves in a task of its own, after the tasks already queued. A message rather than a timer:
 * no 4 ms clamp once timers nest, and one channel for every step.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * Runs the first hydration of the page with its <HydrateLater> parts deferred: each keeps its
 * prerendered HTML and hydrates in a task of its own just after, so that the page never holds
 * the main thread long in one piece. Preact, which runs the pages in the browser (decision 0017),
 * pauses hydration at a component that suspends and resumes it there once the promise settles.
 * Without `inSteps`, everything hydrates at once (for a document whose HTML is not the page's).
 */
export function hydrateInSteps(hydrate: () => void, { inSteps }: { inSteps: boolean }): void {
  deferring = inSteps;
  try {
    hydrate();
  } finally {
    deferring = false;
  }
  if (pending === 0) markHydrated();
}

function Deferred({ children }: { children: ReactNode }): ReactNode {
  if (!deferring) return children;
  pending += 1;
  const resumed = nextTask();
  // The part hydrates in the microtasks after `resumed` settles; counted done a task later.
  resumed.then(nextTask).then(() => {
    pending -= 1;
    if (pending === 0) markHydrated();
  });
  throw resumed;
}

/**
 * A part of the page that hydrates in a step of its own; it must render a single element.
 * Rendered at once everywhere, except during the first hydration, where it hydrates a moment later.
 * The prerender leaves the boundary out: React would stream its content apart from the page.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  if (import.meta.env.SSR) return children;
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  );
}
