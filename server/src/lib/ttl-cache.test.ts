import { afterEach, describe, expect, it, vi } from "vitest";
import { TtlCache } from "./ttl-cache.ts";

afterEach(() => vi.useRealTimers());

describe("TtlCache", () => {
  it("loads a key once while it is fresh, again once it is stale", async () => {
    vi.useFakeTimers();
    const cache = new TtlCache(60_000, 10);
    const load = vi.fn(async () => "value");
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b, load.mock.calls.length]).toEqual(["value", "value", 1]);
    vi.advanceTimersByTime(59_000);
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failed load", async () => {
    const cache = new TtlCache(60_000, 10);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(cache.get("k", async () => "back")).resolves.toBe("back");
  });

  it("starts over when full", async () => {
    const cache = new TtlCache(60_000, 2);
    const load = vi.fn(async () => 1);
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
