import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";

// findBy… and waitFor wait for what they look for; their budget only bounds a failure. Testing
// Library's 1 s default fails a good component on a loaded machine (issue 27).
configure({ asyncUtilTimeout: 10_000 });

let consoleError: MockInstance<typeof console.error>;

// A React warning (act, keys, hydration) is a bug: the test that caused it fails.
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  const messages = consoleError.mock.calls
    .map((args) => args.map(String).join(" "))
    // jsdom does not know HTML's <search> element yet (Chromium does).
    .filter((m) => !/^The tag <%s> is unrecognized in this browser\b.* search$/.test(m));
  consoleError.mockRestore();
  if (messages.length > 0) throw new Error(`console.error was called:\n${messages.join("\n")}`);
});
