import { afterEach, vi } from "vitest";

// As in the Epic Stack: a test that logs console.error has hidden a problem, so it fails.
const spy = vi.spyOn(console, "error");
afterEach(() => {
  const calls = spy.mock.calls.splice(0);
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c) => c.join(" ")).join("\n")}`);
});
