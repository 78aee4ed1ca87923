import { act, render, screen } from "@testing-library/react";
import { useCallback } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchJson } from "./fetch-json";
import { useApiData } from "./use-api-data";

afterEach(() => {
  vi.unstubAllGlobals();
});

function Shown({ url }: { url: string }) {
  const get = useCallback(() => fetchJson<{ name: string }>(url), [url]);
  const { data, loadError } = useApiData(get, "Essai");
  return <p>{loadError ? "erreur" : (data?.name ?? "…")}</p>;
}

describe("useApiData", () => {
  it("keeps the latest request's answer when an earlier one comes after it", async () => {
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/a") await firstHeld;
        return Response.json({ name: url === "/api/a" ? "ancien" : "récent" });
      }),
    );
    const { rerender } = render(<Shown url="/api/a" />);
    rerender(<Shown url="/api/b" />);
    expect(await screen.findByText("récent")).toBeTruthy();
    await act(async () => {
      releaseFirst();
      await firstHeld;
    });
    expect(screen.getByText("récent")).toBeTruthy();
    expect(screen.queryByText("ancien")).toBeNull();
  });

  it("says the list is unavailable when the answer is an error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ detail: "Ressource introuvable." }, { status: 404 })),
    );
    render(<Shown url="/api/c" />);
    expect(await screen.findByText("erreur")).toBeTruthy();
    // The failure is logged (test/setup.ts fails a test on any console.error it did not expect).
    const logged = vi.mocked(console.error);
    expect(String(logged.mock.calls[0]?.[0])).toBe("Essai indisponible");
    logged.mockClear();
  });
});
