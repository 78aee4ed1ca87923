import type { KozaStatus } from "@lagon/contracts/orders";
import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { subscriptionFixture } from "../../test/subscription-fixture";
import { KozaSection } from "./koza-section";

const order: CustomerOrderView = {
  _id: "0b7c2d8e-1111-4222-8333-444455556666",
  order_id: "0b7c2d8e-1111-4222-8333-444455556666",
  subdomain: "payet",
  site_url: "http://payet.localhost:8080",
  customer_name: "Zoé Payet",
  customer_email: "zoe@example.re",
  company_name: null,
  plan_name: "Business",
  status: "active",
  created_at: "2026-11-22T09:00:00Z",
  magic_link_token: "jeton",
  steps: {},
  koza_option: true,
  koza_status: "pending",
  custom_domain: null,
  wp_credentials: null,
  logs: [],
  dns_records: [],
  access: "mailbox",
  subscription: subscriptionFixture(),
};

const withKoza = (koza_status: KozaStatus) => <KozaSection order={{ ...order, koza_status }} token="jeton" />;

describe("KozaSection", () => {
  it("pending: the WordPress is empty and the button opens the questionnaire of this order", () => {
    render(withKoza("pending"));
    expect(screen.getByText(/Votre WordPress est installé, vide pour l'instant/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Remplir le questionnaire Koza" }).getAttribute("href")).toBe(
      `/koza-questionnaire?orderId=${order.order_id}&token=jeton`,
    );
  });

  it("processing: about 15 minutes, and an e-mail when it is done", () => {
    render(withKoza("processing"));
    expect(
      screen.getByText(/comptez 15 minutes environ\. Vous recevrez un e-mail dès que c'est prêt/),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Remplir le questionnaire Koza" })).toBeNull();
  });

  it("completed: done, with a link to the site", () => {
    render(withKoza("completed"));
    expect(screen.getByText(/Koza a terminé/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voir mon site" }).getAttribute("href")).toBe(order.site_url);
  });

  it("regenerate: after a reinstall, the answers are kept; 'Régénérer' posts this order's token, a refusal shows", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            detail: "Votre site n'est pas encore en ligne : réessayez dans quelques minutes.",
          }),
          {
            status: 409,
            headers: { "content-type": "application/json" },
          },
        ),
    );
    vi.stubGlobal("fetch", fetch);
    render(withKoza("regenerate"));
    expect(screen.getByText(/Vos réponses au questionnaire Koza et vos images sont conservées/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Modifier mes réponses" }).getAttribute("href")).toBe(
      `/koza-questionnaire?orderId=${order.order_id}&token=jeton`,
    );
    fireEvent.click(screen.getByRole("button", { name: "Régénérer" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Votre site n'est pas encore en ligne : réessayez dans quelques minutes.",
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/koza/regenerate");
    expect(JSON.parse(init.body as string)).toEqual({ order_id: order.order_id, token: "jeton" });
    vi.unstubAllGlobals();
  });

  it("error: the spec's two sentences", () => {
    render(withKoza("error"));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe(
      "Une erreur est survenue lors de la générationNotre équipe a été notifiée et vous contactera rapidement.",
    );
  });

  it("without Koza: the 50 € one-off offer instead", () => {
    render(<KozaSection order={{ ...order, koza_option: false, koza_status: null }} token="jeton" />);
    expect(screen.getByRole("button", { name: "Ajouter Koza (50 € HT)" })).toBeTruthy();
    expect(screen.getByText(/une fois/)).toBeTruthy();
  });

  it("without Koza: a rate limit's refusal of 'Ajouter Koza' is said in the page, with when to try again", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        const body = JSON.stringify({ detail: "Trop de tentatives. Veuillez patienter avant de réessayer." });
        return new Response(body, { status: 429, headers: { "Retry-After": "120" } });
      }),
    );
    render(<KozaSection order={{ ...order, koza_option: false, koza_status: null }} token="jeton" />);
    const button = screen.getByRole("button", { name: "Ajouter Koza (50 € HT)" });
    fireEvent.click(button);
    expect((await screen.findByText(/^Trop de demandes en peu de temps/)).textContent).toMatch(
      /Réessayez dans 2 minutes \(à partir de \d\d:\d\d\)\.$/,
    );
    expect(alert).not.toHaveBeenCalled();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    vi.unstubAllGlobals();
  });
});
