import { MAILBOX_ALLOWANCE } from "@lagon/contracts/mailboxes";
import { PLANS } from "@lagon/contracts/plans";
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

  it("promises professional e-mail addresses only for the plans that have mailboxes, beside the Libre price", () => {
    const { container } = renderServices();
    const creation = within(container.querySelector("#creation-details") as HTMLElement);
    const withMail = PLANS.filter((p) => MAILBOX_ALLOWANCE[p.id].count > 0).map((p) => p.name);
    expect(withMail).toEqual(["Starter", "Business"]);
    expect(creation.getByText(/offre Libre à 15 € HT/)).toBeTruthy();
    expect(creation.getByText(/adresses e-mail professionnelles/).textContent).toContain(
      `(offres ${withMail.join(" et ")})`,
    );
  });
});
