import { PRICE_NOTE } from "@lagon/contracts/plans";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PlansSection } from "./plans-section";

describe("PlansSection", () => {
  it("shows the three plans with their monthly price, in order", () => {
    render(<PlansSection />);
    const cards = screen.getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Starter",
      "Business",
      "Libre",
    ]);
    expect(within(cards[0] as HTMLElement).getByText("20 €/mois")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText("50 €/mois")).toBeTruthy();
    expect(within(cards[2] as HTMLElement).getByText("15 €/mois")).toBeTruthy();
  });

  it("flags only the popular plan and shows the price note", () => {
    const { container } = render(<PlansSection />);
    const badges = screen.getAllByText("Le plus populaire");
    expect(badges).toHaveLength(1);
    expect(badges[0]?.closest("article")?.getAttribute("aria-labelledby")).toBe("plan-business-title");
    expect(screen.getByText(PRICE_NOTE)).toBeTruthy();
    expect(container.querySelector("section")?.id).toBe("plans");
  });
});
