import type { AdminCustomDomain } from "@lagon/contracts/custom-domain-schemas";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AdminDomainBlock } from "./admin-domain-block";

const live: AdminCustomDomain = {
  domain: "payet.re",
  state: "active",
  failure: null,
  reason: null,
  url: "https://payet.re",
  next_check_at: "2027-01-22T09:00:00Z",
  order_id: "0b7c2d8e-1111-4222-8333-444455556666",
  subdomain: "payet",
  has_own_domain: true,
  certificate_expires_at: "2027-02-21T09:00:00Z",
  checks: [
    { at: "2026-11-23T09:00:00Z", state: "dns_ok", ok: true, details: "A payet.re → 203.0.113.10." },
    {
      at: "2026-11-23T09:01:00Z",
      state: "active",
      ok: true,
      details: "Certificat obtenu pour payet.re et www.payet.re, valable jusqu'au 21 février 2027 à 13:00.",
    },
  ],
};

describe("AdminDomainBlock", () => {
  it("shows a live domain's link, certificate and renewal date, and offers no re-check while all is well", () => {
    const onAction = vi.fn();
    render(<AdminDomainBlock domain={live} titleId="d" busy={null} locked={false} onAction={onAction} />);
    expect(screen.getByRole("region", { name: "Domaine personnalisé : payet.re" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "payet.re" }).getAttribute("href")).toBe("https://payet.re");
    expect(document.querySelector(".admin-badge")?.textContent).toBe("Actif");
    const facts = [...document.querySelectorAll(".admin-domain-facts li")].map((li) => li.textContent);
    expect(facts).toEqual([
      "Domaine déjà possédé par le client",
      "Certificat HTTPS valable jusqu'au 21 février 2027",
      "Renouvellement prévu le 22 janvier 2027 à 13:00",
    ]);
    expect(screen.getByText("Journal des vérifications (2)")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Vérifier maintenant" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Retirer le domaine" }));
    expect(onAction).toHaveBeenCalledWith("domain-remove");
  });

  it("offers a re-check of a live domain whose renewal failed, and marks the failure in the log", () => {
    const failing: AdminCustomDomain = {
      ...live,
      checks: [
        ...live.checks,
        {
          at: "2027-01-22T09:00:00Z",
          state: "active",
          ok: false,
          details: "L'autorité de certification limite le nombre de demandes pour ce domaine.",
        },
      ],
    };
    const onAction = vi.fn();
    render(
      <AdminDomainBlock
        domain={failing}
        titleId="d"
        busy="domain-recheck"
        locked={true}
        onAction={onAction}
      />,
    );
    const entries = screen.getByRole("list", { name: "Vérifications" }).querySelectorAll("li");
    expect(entries[2]?.textContent).toBe(
      "22 janvier 2027 à 13:00 — Actif (échec) : L'autorité de certification limite le nombre de demandes pour ce domaine.",
    );
    expect(screen.getByRole("button", { name: "Vérification…" }).getAttribute("aria-disabled")).toBe("true");
  });
});
