import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { KitNotice } from "./kit-notice";

describe("KitNotice", () => {
  it("says plainly what waits and when it is tried again", () => {
    render(
      <KitNotice
        kit={{
          status: "waiting",
          detail: "Boutique en ligne (WooCommerce) : en attente. woocommerce 9.8.5 n'a pas pu être installé.",
          features: ["Boutique en ligne (WooCommerce)"],
          retry_at: "2026-11-22T09:05:00Z",
        }}
      />,
    );
    expect(screen.getByRole("status").textContent).toContain("Modules de votre offre en attente");
    expect(screen.getByText(/n'a pas pu être installé/)).toBeTruthy();
    expect(screen.getByText("Prochain essai le 22 novembre 2026 à 13:05.")).toBeTruthy();
  });

  it("shows nothing for a plan without a kit", () => {
    const { container } = render(
      <KitNotice kit={{ status: "none", detail: "Aucun module", features: [], retry_at: null }} />,
    );
    expect(container.textContent).toBe("");
  });
});
