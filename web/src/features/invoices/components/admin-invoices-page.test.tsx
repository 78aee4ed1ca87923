import type { AdminInvoice, AdminInvoices } from "@lagon/contracts/invoices-schemas";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminInvoicesPage } from "./admin-invoices-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

function invoice(number: string, buyer: string): AdminInvoice {
  return {
    number,
    issued_at: "2026-11-26T10:00:00.000Z",
    kind: "invoice",
    origin: "checkout",
    credits_number: null,
    order_id: "00000000-0000-4000-8000-000000000000",
    subdomain: "atelier",
    buyer,
    buyer_email: "client@example.re",
    net_cents: 2000,
    vat_cents: 170,
    total_ttc_cents: 2170,
    payment_method: "carte bancaire",
    paid_at: "2026-11-26T10:00:00.000Z",
  };
}

function list(invoices: AdminInvoice[]): AdminInvoices {
  const sum = (k: "net_cents" | "vat_cents" | "total_ttc_cents") => invoices.reduce((s, i) => s + i[k], 0);
  return {
    invoices,
    total: invoices.length,
    page: 1,
    pages: 1,
    sums: {
      net_cents: sum("net_cents"),
      vat_cents: sum("vat_cents"),
      total_ttc_cents: sum("total_ttc_cents"),
    },
  };
}

describe("AdminInvoicesPage", () => {
  it("shows the search's answer even when the first page's list comes after it", async () => {
    // The first list (no search) is held until the search has answered, as on a slow network.
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const all = list([invoice("2026-000002", "Zoé Payet"), invoice("2026-000001", "Noémie Técher")]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const url = new URL(input, "http://localhost");
        const q = url.searchParams.get("q");
        if (!q) await firstHeld;
        const body = q ? list(all.invoices.filter((i) => i.number === q)) : all;
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    render(
      <MemoryRouter>
        <AdminInvoicesPage token="jeton" />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher une facture" }), {
      target: { value: "2026-000001" },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Rechercher" }));
    });
    expect(await screen.findByText(/^1 document · total HT/)).toBeTruthy();
    await act(async () => {
      releaseFirst();
      await firstHeld;
    });
    expect(screen.getByText(/^1 document · total HT 20,00\s€ · TVA 1,70\s€ · TTC 21,70\s€$/)).toBeTruthy();
    expect(screen.queryByText("Zoé Payet")).toBeNull();
  });
});
