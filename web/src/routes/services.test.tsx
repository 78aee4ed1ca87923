import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import Services from "./services";

function renderServices() {
  return render(
    <MemoryRouter>
      <Services />
    </MemoryRouter>,
  );
}

describe("Services page", () => {
  it("has the four anchored service blocks the footer links to", () => {
    const { container } = renderServices();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nos services");
    const ids = [...container.querySelectorAll("section[id]")].map((section) => section.id);
    expect(ids).toEqual(["creation-details", "ecommerce-details", "maintenance-details", "support-details"]);
  });

  it("names the prices, the support hours and the cancellation notice where a customer looks", () => {
    const { container } = renderServices();
    const block = (id: string) => within(container.querySelector(`#${id}`) as HTMLElement);
    expect(block("creation-details").getByText(/à partir de 15 € par an \(\.com, \.fr, \.re\)/)).toBeTruthy();
    expect(block("ecommerce-details").getByText(/50 € HT par mois/)).toBeTruthy();
    expect(block("maintenance-details").getByText(/préavis de 30 jours/)).toBeTruthy();
    expect(
      block("support-details").getByText(/lundi au vendredi de 8h à 18h, le samedi de 9h à 12h/),
    ).toBeTruthy();
    expect(block("support-details").getByText(/formation gratuite de 30 minutes en visio/)).toBeTruthy();
  });
});
