import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrderInvoicesBlock } from "./order-invoices";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";

afterEach(() => vi.unstubAllGlobals());

describe("OrderInvoicesBlock", () => {
  it("lists the invoices and credit notes in French, each downloaded with the page's token", async () => {
    const pdf = (n: string) => `/api/order/${ORDER}/invoices/${n}/pdf?token=jeton`;
    const fetch = vi.fn(async (url: string) => {
      expect(url).toBe(`/api/order/${ORDER}/invoices?token=jeton`);
      return new Response(
        JSON.stringify({
          invoices: [
            {
              number: "2026-000041",
              issued_at: "2026-11-23T22:30:00Z",
              kind: "invoice",
              total_ttc_cents: 10850,
              pdf_url: pdf("2026-000041"),
            },
            {
              number: "2026-000042",
              issued_at: "2026-11-24T08:00:00Z",
              kind: "credit_note",
              total_ttc_cents: -1000,
              pdf_url: pdf("2026-000042"),
            },
          ],
        }),
        { status: 200 },
      );
    });
    vi.stubGlobal("fetch", fetch);
    render(<OrderInvoicesBlock orderId={ORDER} token="jeton" />);
    expect(await screen.findByText("Facture n° 2026-000041")).toBeTruthy();
    // Dates on La Réunion's calendar, amounts as French write them.
    expect(screen.getByText(/^24 novembre 2026 · 108,50\s€ TTC$/)).toBeTruthy();
    expect(screen.getByText("Avoir n° 2026-000042")).toBeTruthy();
    expect(screen.getByText(/^24 novembre 2026 · -10,00\s€ TTC$/)).toBeTruthy();
    const download = screen.getByRole("link", { name: "Télécharger la facture n° 2026-000041 (PDF)" });
    expect(download.getAttribute("href")).toBe(pdf("2026-000041"));
    expect(download.textContent).toBe("Télécharger");
    expect(screen.getByRole("link", { name: "Télécharger l'avoir n° 2026-000042 (PDF)" })).toBeTruthy();
  });

  it("says when there is none yet, and when the list cannot be read", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ invoices: [] }), { status: 200 })),
    );
    const { unmount } = render(<OrderInvoicesBlock orderId={ORDER} token="jeton" />);
    expect(await screen.findByText(/Aucune facture pour l'instant/)).toBeTruthy();
    unmount();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 500 })),
    );
    render(<OrderInvoicesBlock orderId={ORDER} token="jeton" />);
    expect((await screen.findByRole("alert")).textContent).toContain("n'a pas pu être chargée");
    // The failure is reported in the console, as expected here.
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      "Liste des factures indisponible",
      expect.any(Error),
    );
    vi.mocked(console.error).mockClear();
  });
});
