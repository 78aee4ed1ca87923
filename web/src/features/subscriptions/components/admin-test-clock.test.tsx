import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminTestClock } from "./admin-test-clock";

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubClock(answer: (path: string, body: unknown) => { status: number; body: unknown }) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path: `${url.pathname}?token=${url.searchParams.get("token")}`, body });
      const res = answer(url.pathname, body);
      return new Response(JSON.stringify(res.body), { status: res.status });
    }),
  );
  return calls;
}

describe("AdminTestClock", () => {
  it("shows nothing when the API answers 404 (Stripe is configured)", async () => {
    stubClock(() => ({
      status: 404,
      body: { detail: "L'horloge de test n'existe qu'avec le paiement de test." },
    }));
    const { container } = render(<AdminTestClock token="jeton" onAdvanced={() => {}} />);
    await act(async () => {});
    expect(container.innerHTML).toBe("");
  });

  it("shows the simulated date and advances it by the days asked", async () => {
    const calls = stubClock((path) =>
      path.endsWith("/advance")
        ? { status: 200, body: { now: "2027-01-08T03:37:00.000Z", offset_days: 45 } }
        : { status: 200, body: { now: "2026-11-24T03:37:00.000Z", offset_days: 0 } },
    );
    const onAdvanced = vi.fn();
    render(<AdminTestClock token="jeton" onAdvanced={onAdvanced} />);
    const region = await screen.findByRole("region", { name: "Horloge de facturation (test)" });
    expect(region.textContent).toContain("Date simulée : 24 novembre 2026 à 07:37 (heure réelle)");
    fireEvent.change(screen.getByLabelText("Avancer de (jours)"), { target: { value: "45" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Avancer l'horloge" }));
    });
    expect(calls.at(-1)).toEqual({ path: "/api/admin/test-clock/advance?token=jeton", body: { days: 45 } });
    expect(region.textContent).toContain("Date simulée : 8 janvier 2027 à 07:37 (+45 jours)");
    expect(onAdvanced).toHaveBeenCalledWith({
      tone: "success",
      text: "Horloge avancée au 8 janvier 2027 à 07:37.",
    });
  });
});
