import type { VisitsView } from "@lagon/contracts/visits-schemas";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SiteVisits } from "./site-visits";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";

afterEach(() => vi.unstubAllGlobals());

function api(view: VisitsView) {
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe(`/api/order/${ORDER}/visits?token=jeton`);
    return new Response(JSON.stringify(view), { status: 200 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const days = Array.from({ length: 30 }, (_, i) => ({
  start: `2026-11-${String(i - 3).padStart(2, "0")}`,
  visitors: i === 29 ? 2 : 0,
  page_views: i === 29 ? 3 : 0,
})).map((p, i) => (i < 4 ? { ...p, start: `2026-10-${28 + i}` } : p));

const BUSINESS: VisitsView = {
  included: true,
  analysed_at: "2026-11-26T08:00:00Z",
  refreshing: false,
  distinct_visitors: { last_7_days: 2, last_30_days: 5 },
  series: [
    {
      grain: "day",
      periods: days,
      visitors: 2,
      page_views: 3,
      pages: [
        ["/", 2, 2],
        ["/mentions-legales/", 1, 1],
      ],
      referrers: [["www.google.com", 1, 1]],
      devices: [
        ["mobile", 1, 1],
        ["desktop", 1, 2],
      ],
    },
    {
      grain: "month",
      periods: [{ start: "2026-11-01", visitors: 40, page_views: 95 }],
      visitors: 40,
      page_views: 95,
      pages: [],
      referrers: [],
      devices: [],
    },
    { grain: "week", periods: [], visitors: 0, page_views: 0, pages: [], referrers: [], devices: [] },
  ],
};

describe("SiteVisits", () => {
  it("shows a Business site's visitors, pages, referring sites and devices, by day or by month", async () => {
    api(BUSINESS);
    render(<SiteVisits orderId={ORDER} token="jeton" />);
    expect(await screen.findByText("Chiffres mis à jour le 26 novembre 2026 à 12:00.")).toBeTruthy();
    expect(
      screen.getByRole("img", {
        name: "2 visiteurs et 3 pages vues sur les 30 derniers jours ; le plus de visiteurs : 26 novembre 2026 (2).",
      }),
    ).toBeTruthy();
    const distinct = screen.getByRole("region", { name: "Visiteurs différents" });
    expect(distinct.textContent).toContain("7 derniers jours2");
    expect(distinct.textContent).toContain("30 derniers jours5");
    expect(distinct.textContent).toContain("n'est comptée qu'une fois");
    expect(screen.getByText("/mentions-legales/")).toBeTruthy();
    expect(screen.getByText("www.google.com")).toBeTruthy();
    expect(screen.getByText("Téléphone ou tablette")).toBeTruthy();
    expect(screen.getByText("Ordinateur")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Par mois" }));
    expect(screen.getByText("novembre 2026")).toBeTruthy();
    expect(screen.getByText("Aucune page vue.")).toBeTruthy();
  });

  it("gives Starter and Libre sites what Business would show, without a figure", async () => {
    api({ included: false });
    render(<SiteVisits orderId={ORDER} token="jeton" />);
    expect(
      await screen.findByText(/Avec la formule Business, vous voyez ici les visites de votre site/),
    ).toBeTruthy();
    expect(screen.queryByText("Visiteurs")).toBeNull();
  });
});
