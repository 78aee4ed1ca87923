import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePolling } from "./use-polling";

afterEach(() => {
  vi.useRealTimers();
});

function Poller({ run, immediately }: { run: (() => Promise<void>) | null; immediately?: boolean }) {
  usePolling(run, 1000, { immediately });
  return null;
}

/** Lets the timers due within `ms` fire, and the calls they start end. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("usePolling", () => {
  it("calls after each interval, at once first when asked, and stops when unmounted", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const { unmount } = render(<Poller run={run} immediately />);
    await pass(0);
    expect(run).toHaveBeenCalledTimes(1);
    await pass(1000);
    expect(run).toHaveBeenCalledTimes(2);
    unmount();
    await pass(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("waits an interval before the first call by default, and does nothing without a run", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const { rerender } = render(<Poller run={run} />);
    await pass(999);
    expect(run).not.toHaveBeenCalled();
    await pass(1);
    expect(run).toHaveBeenCalledTimes(1);
    rerender(<Poller run={null} />);
    await pass(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
