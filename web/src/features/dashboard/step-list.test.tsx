import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StepList } from "./step-list";

const stepTexts = () => screen.getAllByRole("listitem").map((li) => li.textContent);

describe("StepList", () => {
  it("shows each step's status, 'Terminé le' with the French date, and completed steps divided by their number", () => {
    render(
      <StepList
        steps={{
          payment: { status: "completed", timestamp: "2026-11-22T09:00:00Z" },
          subdomain: { status: "completed", timestamp: "2026-11-22T09:01:00Z" },
          wordpress: { status: "processing", timestamp: "2026-11-22T09:01:05Z" },
        }}
      />,
    );
    const bar = screen.getByRole("progressbar", { name: "Avancement de la création du site" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(stepTexts()).toEqual([
      expect.stringContaining("PaiementTerminé le 22 novembre 2026 à 13:00"),
      expect.stringContaining("Sous-domaineTerminé le 22 novembre 2026 à 13:01"),
      expect.stringContaining("Installation de WordPressEn cours..."),
      expect.stringContaining("Modules de votre offreEn attente"),
      expect.stringContaining("Envoi de vos accèsEn attente"),
    ]);
  });

  it("counts an absent step as pending and shows a failed one", () => {
    render(
      <StepList
        steps={{
          payment: { status: "completed", timestamp: "2026-11-22T09:00:00Z" },
          subdomain: { status: "failed", timestamp: "2026-11-22T09:01:00Z" },
        }}
      />,
    );
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("20");
    const [, subdomain, wordpress, , email] = screen.getAllByRole("listitem");
    expect(within(subdomain as HTMLElement).getByText("Échec")).toBeTruthy();
    expect(within(wordpress as HTMLElement).getByText("En attente")).toBeTruthy();
    expect(within(email as HTMLElement).getByText("En attente")).toBeTruthy();
  });

  it("is at 0 with no step and at 100 once all are completed", () => {
    const { rerender } = render(<StepList steps={{}} />);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
    const done = { status: "completed" as const, timestamp: "2026-11-22T09:00:00Z" };
    rerender(
      <StepList steps={{ payment: done, subdomain: done, wordpress: done, kit: done, email: done }} />,
    );
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(screen.getAllByText(/^Terminé le /)).toHaveLength(5);
  });

  it("shows the kit step waiting, not 'Terminé', while the plan's kit waits for a retry", () => {
    const done = { status: "completed" as const, timestamp: "2026-11-22T09:00:00Z" };
    const steps = { payment: done, subdomain: done, wordpress: done, kit: done, email: done };
    render(
      <StepList
        steps={steps}
        kit={{
          status: "waiting",
          detail: "Boutique en ligne en attente.",
          features: ["Boutique en ligne"],
          retry_at: "2026-11-22T09:05:00Z",
        }}
      />,
    );
    const kit = screen.getAllByRole("listitem")[3] as HTMLElement;
    expect(kit.textContent).toContain("Modules de votre offreEn attente");
    expect(within(kit).queryByText(/^Terminé le /)).toBeNull();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("80");
  });
});
