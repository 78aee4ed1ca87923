import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axisTicks, RevenueChart } from "./revenue-chart";

/** French amounts use narrow no-break spaces: compare them as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const series = [
  { month: "2025-12", revenue: 0 },
  { month: "2026-01", revenue: 125 },
  { month: "2026-02", revenue: -15 },
  { month: "2026-03", revenue: 1234.5 },
];

describe("axisTicks", () => {
  it.each([
    { values: [0, 125, 85, 105], ticks: [0, 50, 100, 150] },
    { values: [0, 0, 0], ticks: [0, 25] },
    { values: [-15, 85], ticks: [-25, 0, 25, 50, 75, 100] },
    { values: [1234.5], ticks: [0, 500, 1000, 1500] },
    { values: [7.2], ticks: [0, 2, 4, 6, 8] },
  ])("$values -> $ticks", ({ values, ticks }) => {
    expect(axisTicks(values)).toEqual(ticks);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RevenueChart", () => {
  it("is an image named and described in French, with a bar and a tooltip per month", () => {
    const { container } = render(<RevenueChart series={series} />);
    const chart = screen.getByRole("img", { name: /Revenu encaissé HT par mois/ });
    expect(plain(chart.querySelector("desc")?.textContent)).toBe(
      "De décembre 2025 à mars 2026 : 1 344,50 € HT encaissés. Meilleur mois : mars 2026, 1 234,50 €. Ce mois-ci : 1 234,50 €.",
    );
    const bars = container.querySelectorAll(".chart-bar");
    expect(bars).toHaveLength(4);
    expect([...bars].map((b) => plain(b.querySelector("title")?.textContent))).toEqual([
      "décembre 2025 : 0,00 € HT",
      "janvier 2026 : 125,00 € HT",
      "février 2026 : -15,00 € HT",
      "mars 2026 : 1 234,50 € HT",
    ]);
    // A month of refunds goes below the zero line, in its own colour.
    expect(bars[2]?.classList.contains("is-negative")).toBe(true);
    // Short month names, and the year under the first month and under January.
    expect([...container.querySelectorAll(".chart-month")].map((t) => t.textContent)).toEqual([
      "déc.",
      "janv.",
      "févr.",
      "mars",
    ]);
    expect([...container.querySelectorAll(".chart-year")].map((t) => t.textContent)).toEqual([
      "2025",
      "2026",
    ]);
  });

  it("lists the exact amounts in a table", () => {
    render(<RevenueChart series={series} />);
    const table = screen.getByRole("table", { name: "Revenu encaissé HT par mois" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => plain(r.textContent));
    expect(rows).toEqual([
      "décembre 20250,00 €",
      "janvier 2026125,00 €",
      "février 2026-15,00 €",
      "mars 20261 234,50 €",
    ]);
  });

  it("draws at a phone's width with month initials, no amounts on the bars, one year per January", async () => {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe() {
          this.report([{ contentRect: { width: 300 } } as ResizeObserverEntry], this as never);
        }
        disconnect() {}
      },
    );
    const twelve = Array.from({ length: 12 }, (_, i) => ({
      month: i === 0 ? "2025-12" : `2026-${String(i).padStart(2, "0")}`,
      revenue: i * 10,
    }));
    let container = document.body;
    await act(async () => {
      container = render(<RevenueChart series={twelve} />).container;
    });
    expect(container.querySelector("svg")?.getAttribute("viewBox")).toBe("0 0 300 250");
    expect([...container.querySelectorAll(".chart-month")].map((t) => t.textContent).join("")).toBe(
      "DJFMAMJJASON",
    );
    expect(container.querySelectorAll(".chart-value")).toHaveLength(0);
    expect([...container.querySelectorAll(".chart-year")].map((t) => t.textContent)).toEqual(["2026"]);
  });
});
