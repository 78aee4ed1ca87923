import { MAILBOX_ALLOWANCE } from "@lagon/contracts/mailboxes";
import { PLANS } from "@lagon/contracts/plans";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { meta } from "../../routes/home";
import { HeroSection } from "./hero-section";

// Libre, the cheapest plan ("dès 15 €"), has no mailbox: the promise names the plans that do.
const withMail = `offres ${PLANS.filter((p) => MAILBOX_ALLOWANCE[p.id].count > 0)
  .map((p) => p.name)
  .join(" et ")}`;

describe("the home page's promise of professional e-mail", () => {
  it("names the plans that have mailboxes in the hero", () => {
    render(
      <MemoryRouter>
        <HeroSection />
      </MemoryRouter>,
    );
    const lead = screen.getByText(/e-mails professionnels/);
    expect(withMail).toBe("offres Starter et Business");
    expect(lead.textContent).toContain(`e-mails professionnels avec les ${withMail}`);
  });

  it("names them in the page's description, beside the Libre price", () => {
    const tags = meta({} as Parameters<typeof meta>[0]) as { name?: string; content?: string }[];
    const description = tags.find((tag) => tag.name === "description")?.content ?? "";
    expect(description).toContain("dès 15 € HT par mois");
    expect(description).toContain(`e-mails professionnels avec les ${withMail}`);
  });
});
